import type { Resource } from '@valence/contract';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { QueryStatus } from '../../../components/query-status';
import { lectureKind, useCourseLectures } from '../../../lib/course-lectures';
import { clock, formatWhen, usePlatformZone } from '../../../lib/time';
import { useHeartbeats } from '../model/use-heartbeats';
import { VideoPlayer } from './video-player';
import { YouTubePlayer } from './youtube-player';

// pdf.js is large: only a PDF lecture loads it.
const PdfViewer = lazy(() => import('./pdf-viewer').then((module) => ({ default: module.PdfViewer })));

export const NOT_AVAILABLE = 'This lecture is not available now.';

/** A lecture: the player or viewer for its kind, how long it is and until when it is available. */
export default function LecturePage() {
  const params = useParams();
  const courseId = Number(params.courseId);
  const lectureId = Number(params.lectureId);
  const lectures = useCourseLectures(courseId);
  const lecture = lectures.data?.find((item) => item.id === lectureId);
  const back = `/courses/${courseId}`;

  return (
    <div>
      <p className="small">
        <Link to={back}>← Back to the course</Link>
      </p>
      <QueryStatus
        query={lectures}
        loading="Loading the lecture…"
        failed={'The lecture could not be loaded. Please try again.'}
      />
      {lectures.isSuccess && !lecture && (
        <div className="stack">
          <h1>Lecture</h1>
          <p>{NOT_AVAILABLE}</p>
          <p>
            <Link className="button secondary" to={back}>
              Back to the course
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
  const zone = usePlatformZone();
  const kind = lectureKind(lecture.type);
  const played = kind === 'video' || kind === 'youtube';
  return (
    <div className="stack">
      <h1>{lecture.name}</h1>
      {(played && lecture.duration > 0) || lecture.expiresAt ? (
        <p className="row small muted">
          {played && lecture.duration > 0 && <span>Length {clock(lecture.duration)}</span>}
          {lecture.expiresAt && <span>Available until {formatWhen(lecture.expiresAt, zone)}</span>}
        </p>
      ) : null}
      {kind === 'video' && <WatchedVideo lecture={lecture} reloadUrl={reloadUrl} />}
      {kind === 'youtube' && <WatchedYouTube lecture={lecture} />}
      {kind === 'pdf' && (
        <Suspense fallback={<p className="loading">Loading the PDF…</p>}>
          <PdfViewer url={lecture.url} name={lecture.name} />
        </Suspense>
      )}
      {kind === 'image' && <img className="lecture-image" src={lecture.url} alt={lecture.name} />}
      {kind === 'file' && (
        <p>
          <a className="button" href={lecture.url} download>
            Download {lecture.name}
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
