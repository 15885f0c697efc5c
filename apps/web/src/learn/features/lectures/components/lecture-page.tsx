import type { Resource } from '@valence/contract';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { ChemText, useDocumentTitle } from '../../../../components/chem-text';
import { QueryStatus } from '../../../components/query-status';
import { lectureKind, useCourseLectures } from '../../../lib/course-lectures';
import { useTranslation } from '../../../lib/i18n';
import { clock, formatWhen, usePlatformZone } from '../../../lib/time';
import en from '../../../locales/en.json';
import { useHeartbeats } from '../model/use-heartbeats';
import { VideoPlayer } from './video-player';
import { YouTubePlayer } from './youtube-player';

// pdf.js is large: only a PDF lecture loads it.
const PdfViewer = lazy(() => import('./pdf-viewer').then((module) => ({ default: module.PdfViewer })));

export const NOT_AVAILABLE = en.messages.lectureNotAvailable;

/** A lecture: the player or viewer for its kind, how long it is and until when it is available. */
export default function LecturePage() {
  const { t } = useTranslation();
  const params = useParams();
  const courseId = Number(params.courseId);
  const lectureId = Number(params.lectureId);
  const lectures = useCourseLectures(courseId);
  const lecture = lectures.data?.find((item) => item.id === lectureId);
  const back = `/courses/${courseId}`;

  return (
    <div>
      <p className="small">
        <Link to={back}>{t('lecture.back')}</Link>
      </p>
      <QueryStatus query={lectures} loading={t('lecture.loading')} failed={t('lecture.failed')} />
      {lectures.isSuccess && !lecture && (
        <div className="stack">
          <h1>{t('lecture.title')}</h1>
          <p>{t('messages.lectureNotAvailable')}</p>
          <p>
            <Link className="button secondary" to={back}>
              {t('lecture.backButton')}
            </Link>
          </p>
        </div>
      )}
      {/* A new lecture is a new viewing, with its own key. */}
      {lecture && (
        <Lecture
          key={lecture.id}
          lecture={lecture}
          reloadUrl={async () => (await lectures.refetch()).data?.find((item) => item.id === lectureId)?.url}
        />
      )}
    </div>
  );
}

function Lecture({ lecture, reloadUrl }: { lecture: Resource; reloadUrl: () => Promise<string | undefined> }) {
  const { t } = useTranslation();
  const zone = usePlatformZone();
  const kind = lectureKind(lecture.type);
  const played = kind === 'video' || kind === 'youtube';
  useDocumentTitle(lecture.name);
  return (
    <div className="stack">
      <h1>
        <ChemText text={lecture.name} />
      </h1>
      {(played && lecture.duration > 0) || lecture.expiresAt ? (
        <p className="row small muted">
          {played && lecture.duration > 0 && <span>{t('lecture.length', { time: clock(lecture.duration) })}</span>}
          {lecture.expiresAt && (
            <span>{t('lecture.availableUntil', { when: formatWhen(lecture.expiresAt, zone) })}</span>
          )}
        </p>
      ) : null}
      {kind === 'video' && <WatchedVideo lecture={lecture} reloadUrl={reloadUrl} />}
      {kind === 'youtube' && <WatchedYouTube lecture={lecture} />}
      {kind === 'pdf' && (
        <Suspense fallback={<p className="loading">{t('lecture.loadingPdf')}</p>}>
          <PdfViewer url={lecture.url} name={lecture.name} />
        </Suspense>
      )}
      {kind === 'image' && <img className="lecture-image" src={lecture.url} alt={lecture.name} />}
      {kind === 'file' && (
        <p>
          <a className="button" href={lecture.url} download>
            {t('lecture.download', { name: lecture.name })}
          </a>
        </p>
      )}
    </div>
  );
}

function WatchedVideo({ lecture, reloadUrl }: { lecture: Resource; reloadUrl: () => Promise<string | undefined> }) {
  const watch = useHeartbeats(lecture.id, lecture.duration);
  return <VideoPlayer lecture={lecture} watch={watch} reloadUrl={reloadUrl} />;
}

function WatchedYouTube({ lecture }: { lecture: Resource }) {
  const watch = useHeartbeats(lecture.id, lecture.duration);
  return <YouTubePlayer lecture={lecture} watch={watch} />;
}
