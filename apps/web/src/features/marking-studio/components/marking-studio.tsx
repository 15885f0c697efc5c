import { Alert, Anchor, Badge, Box, Button, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Annotation, type MarkingOverview, type StudioScript, SUBMISSION_MESSAGES } from '@valence/contract';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { Link, useBlocker, useLocation } from 'react-router';
import { ChemText } from '../../../components/chem-text';
import { confirmDialog } from '../../../components/confirm-dialog';
import { StaleChangeAlert } from '../../../components/stale-change-alert';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-text';
import { type Stale, staleChangeOf } from '../../../lib/stale-change';
import { useAnnotations } from '../api/get-annotations';
import { markingOverviewQueryOptions } from '../api/get-marking-overview';
import { useScript } from '../api/get-script';
import { useGradeScript } from '../api/grade-script';
import { keepOpening, openStudio, useStudioOpening } from '../api/open-studio';
import {
  type AnnotationHistory,
  addAnnotation,
  redo,
  removeAnnotation,
  startHistory,
  undo,
} from '../model/annotations';
import { studioKey } from '../model/keys';
import { readMarks } from '../model/marks';
import type { Tool } from '../model/tools';
import { SAVE_TEXT, useAutosave } from '../model/use-autosave';
import { CommentBank } from './comment-bank';
import { MarkSchemeEditor } from './mark-scheme-editor';
import { type MarksDraft, MarksPanel, withComment } from './marks-panel';
import { ScriptPages } from './script-pages';
import { StudioToolbar } from './studio-toolbar';

export const STUDIO_TEXTS = {
  allMarked: 'All scripts are marked.',
  loadFailed: 'Failed to load the script.',
  saveFailed: 'Failed to grade submission. Please try again.',
  annotationsFailed: 'The annotations could not be saved, so the mark was not saved. Please try again.',
} as const;

type StudioProps = {
  examId: number;
  /** The script in the address; null asks the server for the next unmarked one. */
  scriptId: number | null;
  /** Opens another script of the exam (changes the address). */
  onOpen: (scriptId: number, replace?: boolean) => void;
  submissionsPath: string;
};

/** 'n of m marked', as the header and the Submissions screen say it. */
export const progressText = (marked: number, total: number) => `${marked} of ${total} marked`;

/**
 * The marking studio of one PART II exam: the script with its annotations, the marks and feedback
 * beside it, the comment bank and mark scheme, and 'Save and next' to the next unmarked script.
 */
export function MarkingStudio({ examId, scriptId, onOpen, submissionsPath }: StudioProps) {
  // One call opens the studio: the overview, and the script (claimed when the address has none).
  const opening = useStudioOpening(examId, scriptId);
  const overview = useQuery({ ...markingOverviewQueryOptions(examId), enabled: opening.isSuccess });
  const contentDeleted =
    opening.error instanceof ApiError &&
    opening.error.status === 409 &&
    opening.error.message === SUBMISSION_MESSAGES.contentDeleted;
  const claimed = opening.data?.script?.id;
  const claim: 'asking' | 'none' | 'failed' | null = opening.isError
    ? 'failed'
    : !opening.data
      ? 'asking'
      : claimed === undefined
        ? 'none'
        : null;

  // No script in the address: the one the opening claimed is put there.
  useEffect(() => {
    if (scriptId === null && claimed !== undefined) onOpen(claimed, true);
  }, [scriptId, claimed, onOpen]);

  const header = (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={submissionsPath} size="sm">
          Back to Submissions
        </Anchor>
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          <ChemText text={overview.data ? `Marking studio: ${overview.data.examTitle}` : 'Marking studio'} />
        </Title>
      </Stack>
      {overview.data && (
        <Badge size="lg" variant="light" aria-live="polite">
          {progressText(overview.data.marked, overview.data.total)}
        </Badge>
      )}
    </Group>
  );

  let body: React.ReactNode;
  if (contentDeleted)
    body = (
      <Alert color="orange" role="alert" title="Content deleted">
        {SUBMISSION_MESSAGES.contentDeleted}
      </Alert>
    );
  else if (opening.isError || overview.isError)
    body = (
      <Alert color="red" role="alert">
        {failureText(opening.error ?? overview.error, STUDIO_TEXTS.loadFailed)}
      </Alert>
    );
  else if (scriptId === null)
    body =
      claim === 'none' ? (
        <Alert color="green">{STUDIO_TEXTS.allMarked}</Alert>
      ) : claim === 'failed' ? (
        <Alert color="red" role="alert">
          {STUDIO_TEXTS.loadFailed}
        </Alert>
      ) : (
        <Loader size="sm" aria-label="Finding the next script" />
      );
  else if (!overview.data) body = <Loader size="sm" aria-label="Loading the exam" />;
  else body = <ScriptLoader key={scriptId} scriptId={scriptId} overview={overview.data} onOpen={onOpen} />;

  return (
    <Stack gap="sm" p={{ base: 'xs', sm: 'md' }}>
      {header}
      {body}
    </Stack>
  );
}

function ScriptLoader({
  scriptId,
  overview,
  onOpen,
}: {
  scriptId: number;
  overview: MarkingOverview;
  onOpen: StudioProps['onOpen'];
}) {
  const script = useScript(scriptId);
  const annotations = useAnnotations(scriptId);
  // Bumped once the script is read again after a refused save: the desk starts over from it.
  const [generation, setGeneration] = useState(0);
  const { refetch: refetchScript } = script;
  const { refetch: refetchAnnotations } = annotations;
  const reload = useCallback(async () => {
    await Promise.all([refetchScript(), refetchAnnotations()]);
    setGeneration((count) => count + 1);
  }, [refetchScript, refetchAnnotations]);
  const failure = script.error ?? annotations.error;
  if (failure)
    return (
      <Alert color="red" role="alert">
        {failureText(failure, STUDIO_TEXTS.loadFailed)}
      </Alert>
    );
  if (!script.data || !annotations.data) return <Loader size="sm" aria-label="Loading the script" />;
  if (script.data.examId !== overview.examId)
    return (
      <Alert color="red" role="alert">
        {STUDIO_TEXTS.loadFailed}
      </Alert>
    );
  return (
    <ScriptDesk
      key={generation}
      script={script.data}
      saved={annotations.data.items}
      savedVersion={annotations.data.version}
      overview={overview}
      onOpen={onOpen}
      onReload={reload}
    />
  );
}

type HistoryAction =
  | { type: 'add'; annotation: Annotation }
  | { type: 'remove'; index: number }
  | { type: 'undo' }
  | { type: 'redo' };

type Tracked = { history: AnnotationHistory; version: number };

function historyReducer(state: Tracked, action: HistoryAction): Tracked {
  const next =
    action.type === 'add'
      ? addAnnotation(state.history, action.annotation)
      : action.type === 'remove'
        ? removeAnnotation(state.history, action.index)
        : action.type === 'undo'
          ? undo(state.history)
          : redo(state.history);
  return next === state.history ? state : { history: next, version: state.version + 1 };
}

const draftOf = (script: StudioScript, schemeLength: number): MarksDraft => ({
  questionMarks: Array.from({ length: schemeLength }, (_, i) =>
    script.questionMarks?.[i] === undefined ? '' : String(script.questionMarks[i]),
  ),
  score: script.traditionalScore === null ? '' : String(script.traditionalScore),
  feedback: script.instructorFeedback ?? '',
});

type DeskProps = {
  script: StudioScript;
  saved: Annotation[];
  /** The script's version when its annotations were read. */
  savedVersion: number;
  overview: MarkingOverview;
  onOpen: StudioProps['onOpen'];
  /** Reads the script and its annotations again and starts the desk over from them. */
  onReload: () => Promise<void>;
};

/** What the tutor is asked before a typed mark would be lost (another script, Back, the list). */
const LEAVE_QUESTION = {
  title: 'Leave without saving?',
  message: 'The mark and feedback typed for this script are not saved.',
  confirmLabel: 'Leave',
  cancelLabel: 'Stay',
};

/** A save refused over a newer one, and which save it was (overwriting resends that one). */
type Refused = { stale: Stale; of: 'annotations' | 'mark' };

/** One script open for marking: its pages and tools on one side, its marks on the other. */
function ScriptDesk({ script, saved, savedVersion, overview, onOpen, onReload }: DeskProps) {
  const [{ history, version }, dispatch] = useReducer(historyReducer, saved, (items) => ({
    history: startHistory(items),
    version: 0,
  }));
  // The version of the script every save here is based on (If-Match), moved on by each save's
  // answer. The older of the two reads: a change between them is then caught, not passed over.
  const base = useRef(Math.min(script.version, savedVersion));
  const [refused, setRefused] = useState<Refused | null>(null);
  const [reloading, setReloading] = useState(false);
  const onStale = useCallback((stale: Stale) => setRefused({ stale, of: 'annotations' }), []);
  const autosave = useAutosave(script.id, history.items, version, base, onStale);
  const [tool, setTool] = useState<Tool>('tick');
  const [zoom, setZoom] = useState(1);
  const scheme = overview.markScheme;
  const [draft, setDraft] = useState(() => draftOf(script, scheme.length));
  const [problem, setProblem] = useState<string | null>(null);
  const [allMarked, setAllMarked] = useState(false);
  const grade = useGradeScript();
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState(false);

  async function save(andNext: boolean) {
    if (grade.isPending || moving) return;
    const marks = readMarks(scheme, draft.questionMarks, draft.score);
    if (!marks.ok) {
      setProblem(marks.summary);
      return;
    }
    setProblem(null);
    try {
      await autosave.flush();
    } catch (error) {
      // A refusal over a newer save is told with its choice (see onStale); anything else here.
      if (!staleChangeOf(error)) setProblem(STUDIO_TEXTS.annotationsFailed);
      return;
    }
    try {
      const answer = await grade.mutateAsync({
        examId: script.examId,
        submissionId: script.id,
        studentName: script.studentName,
        score: marks.score,
        questionMarks: marks.questionMarks,
        instructorFeedback: draft.feedback,
        version: base.current,
        andNext,
      });
      base.current = answer.version;
      setRefused(null);
    } catch (error) {
      const stale = staleChangeOf(error);
      if (stale) setRefused({ stale, of: 'mark' });
      else setProblem(failureText(error, STUDIO_TEXTS.saveFailed));
      return;
    }
    if (!andNext) return;
    setMoving(true);
    try {
      // One call: the next script claimed, with its annotations and the exam's progress.
      const next = await openStudio(script.examId, { after: script.id });
      keepOpening(queryClient, script.examId, next);
      if (!next.script) setAllMarked(true);
      else {
        // Saved: the next script opens without asking, whatever the re-read script says yet.
        passing.current = true;
        onOpen(next.script.id);
      }
    } catch (error) {
      setProblem(failureText(error, STUDIO_TEXTS.loadFailed));
    } finally {
      setMoving(false);
    }
  }

  /** Whether what is typed differs from the stored mark (annotations are saved by themselves). */
  function unsaved(): boolean {
    const marks = readMarks(scheme, draft.questionMarks, draft.score);
    if (!marks.ok) return true;
    if (draft.feedback.trim() !== (script.instructorFeedback ?? '').trim()) return true;
    if (marks.score !== script.traditionalScore) return true;
    return (
      scheme.length > 0 && marks.questionMarks !== null && String(marks.questionMarks) !== String(script.questionMarks)
    );
  }

  /** n / p and the arrows: another script, after asking when a typed mark would be lost. */
  async function go(id: number | null) {
    if (!id) return;
    if (unsaved() && !(await confirmDialog(LEAVE_QUESTION))) return;
    passing.current = true;
    onOpen(id);
  }

  /** Theirs wins: what is typed and drawn here is dropped, and the script read again. */
  async function reload() {
    setReloading(true);
    autosave.discard();
    passing.current = true;
    try {
      await onReload();
    } catch {
      passing.current = false;
      setReloading(false);
      setProblem(STUDIO_TEXTS.loadFailed);
    }
  }

  /** Ours wins: the refused save sent again, based on their version. */
  function overwrite() {
    if (!refused) return;
    base.current = refused.stale.version;
    setRefused(null);
    autosave.resume();
    if (refused.of === 'mark') void save(false);
    else void autosave.flush().catch(() => undefined);
  }

  // The latest state for the handlers attached once (keys, leaving the page).
  const current = useRef({ save, go, script, overview, draft, unsaved });
  current.current = { save, go, script, overview, draft, unsaved };

  // Every way out with a typed mark asks first: a link (Back to Submissions), the browser's Back and
  // Forward, another script's address. The n / p keys ask by themselves and then pass (`passing`).
  const passing = useRef(false);
  const location = useLocation();
  useEffect(() => {
    // A navigation that kept this script open (a search change) ends the pass.
    if (location.key) passing.current = false;
  }, [location.key]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !passing.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) &&
      current.current.unsaved(),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDialog(LEAVE_QUESTION).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
  // Closing the tab or reloading the page: the browser asks in its own words.
  useEffect(() => {
    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (passing.current || !current.current.unsaved()) return;
      event.preventDefault();
      // Older browsers ask only when this is set.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const key = studioKey(event);
      if (!key) return;
      const { script: shown, overview: exam, draft: typed } = current.current;
      event.preventDefault();
      if (key.action === 'undo') dispatch({ type: 'undo' });
      else if (key.action === 'redo') dispatch({ type: 'redo' });
      else if (key.action === 'save') void current.current.save(false);
      else if (key.action === 'next') void current.current.go(shown.nextId);
      else if (key.action === 'previous') void current.current.go(shown.previousId);
      else if (key.action === 'comment') {
        const comment = exam.comments[key.index];
        if (comment) setDraft({ ...typed, feedback: withComment(typed.feedback, comment) });
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const busy = grade.isPending || moving;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Button
            variant="default"
            size="compact-sm"
            aria-label="Previous script"
            disabled={!script.previousId}
            onClick={() => void go(script.previousId)}
          >
            <IconChevronLeft size={16} aria-hidden />
          </Button>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {script.studentName}
            </Text>
            <Text size="xs" c="dimmed">
              {script.username}
              {script.traditionalScore !== null && ` · marked ${script.traditionalScore}`}
            </Text>
          </Stack>
          <Button
            variant="default"
            size="compact-sm"
            aria-label="Next script"
            disabled={!script.nextId}
            onClick={() => void go(script.nextId)}
          >
            <IconChevronRight size={16} aria-hidden />
          </Button>
        </Group>
        <Text size="sm" c={autosave.state === 'retrying' ? 'red' : 'dimmed'} role="status" data-testid="save-state">
          {SAVE_TEXT[autosave.state]}
        </Text>
      </Group>
      {allMarked && (
        <Alert color="green" role="status">
          {STUDIO_TEXTS.allMarked}
        </Alert>
      )}
      <StudioToolbar
        tool={tool}
        onTool={setTool}
        canUndo={history.past.length > 0}
        canRedo={history.future.length > 0}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
        zoom={zoom}
        onZoom={setZoom}
      />
      <Box style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box style={{ flex: '1 1 480px', minWidth: 0, maxHeight: 'calc(100vh - 160px)', overflow: 'auto' }}>
          <ScriptPages
            script={script}
            zoom={zoom}
            items={history.items}
            tool={tool}
            onAdd={(annotation) => dispatch({ type: 'add', annotation })}
            onRemove={(index) => dispatch({ type: 'remove', index })}
          />
        </Box>
        <Stack gap="sm" style={{ flex: '1 1 300px', maxWidth: '100%' }} component="aside" aria-label="Marks">
          <MarksPanel scheme={scheme} draft={draft} onChange={setDraft} problem={problem} disabled={busy} />
          {refused && (
            <StaleChangeAlert
              stale={refused.stale}
              onReload={() => void reload()}
              onOverwrite={overwrite}
              busy={busy || reloading}
            />
          )}
          <Group gap="xs">
            <Button onClick={() => void save(true)} loading={busy}>
              Save and next
            </Button>
            <Button variant="default" onClick={() => void save(false)} disabled={busy}>
              Save
            </Button>
          </Group>
          <Divider />
          <CommentBank
            examId={script.examId}
            comments={overview.comments}
            onInsert={(comment) => setDraft((typed) => ({ ...typed, feedback: withComment(typed.feedback, comment) }))}
          />
          <Divider />
          <MarkSchemeEditor examId={script.examId} scheme={scheme} />
        </Stack>
      </Box>
    </Stack>
  );
}
