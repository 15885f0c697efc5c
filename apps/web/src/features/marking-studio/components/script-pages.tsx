import { Alert, Anchor, Box, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { type Annotation, MARKING_MESSAGES, type StudioScript } from '@valence/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type PdfDocument, usePdfDocument } from '../../../lib/pdf-document';
import type { Tool } from '../model/tools';
import { AnnotationLayer } from './annotation-layer';

export const PDF_FAILED = 'This script could not be shown here. Download it to read it.';

type Drawing = {
  items: Annotation[];
  tool: Tool;
  onAdd: (annotation: Annotation) => void;
  onRemove: (index: number) => void;
};

type ScriptPagesProps = Drawing & {
  script: StudioScript;
  /** 1 fits the page to the width of the view; 2 is twice as wide. */
  zoom: number;
};

const A4 = 297 / 210;

/** The width the pages have to fill, followed as the window or the panels change. */
function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/** True once the element comes within a screen of the view (then it stays drawn). */
function useNear(element: HTMLElement | null): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

/**
 * The script in the page with the annotations over it: a PDF drawn page by page with pdf.js (only
 * the pages near the view, so a long scan shows its first page at once), a picture as it is, a Word
 * document only as a download.
 */
export function ScriptPages({ script, zoom, ...drawing }: ScriptPagesProps) {
  // The links the script opened with: a re-read of the script (new signed links) must not reload it.
  const [url] = useState(script.scriptUrl);
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const width = Math.max(200, Math.floor((useWidth(frame) - 16) * zoom));

  let body: ReactNode;
  if (!url || !script.scriptKind) body = <Alert color="orange">This submission has no script file.</Alert>;
  else if (script.scriptKind === 'doc' || script.scriptKind === 'docx')
    body = (
      <Alert color="blue" title="Word document">
        <Stack gap="xs">
          <Text size="sm">{MARKING_MESSAGES.notRenderable}</Text>
          <Anchor href={url} download>
            Download the script
          </Anchor>
        </Stack>
      </Alert>
    );
  else if (script.scriptKind === 'pdf') body = <PdfScript url={url} width={width} {...drawing} />;
  else body = <ImageScript url={url} width={width} name={script.studentName} {...drawing} />;

  return (
    <Box ref={setFrame} style={{ minWidth: 0, flex: 1 }}>
      {frame && body}
    </Box>
  );
}

function PdfScript({ url, width, ...drawing }: Drawing & { url: string; width: number }) {
  const { pdf, ratio, failed } = usePdfDocument(url);
  // The thumbnails wait for the first page: on a large scan they would compete with it for the worker.
  const [firstDrawn, setFirstDrawn] = useState(false);

  if (failed)
    return (
      <Alert color="red" role="alert">
        {PDF_FAILED}{' '}
        <Anchor href={url} download>
          Download the script
        </Anchor>
      </Alert>
    );
  if (!pdf) return <Loader size="sm" aria-label="Loading the script" />;
  const numbers = Array.from({ length: pdf.numPages }, (_, index) => index + 1);
  return (
    <Box style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
      {pdf.numPages > 1 && (
        <Box
          component="nav"
          aria-label="Pages"
          visibleFrom="sm"
          style={{ width: 84, flexShrink: 0, position: 'sticky', top: 0, maxHeight: '80vh', overflowY: 'auto' }}
        >
          <Stack gap={6}>
            {numbers.map((number) => (
              <UnstyledButton
                key={number}
                aria-label={`Go to page ${number}`}
                onClick={() =>
                  document
                    .getElementById(`script-page-${number}`)
                    ?.scrollIntoView({ behavior: 'smooth', block: 'start' })
                }
              >
                <PdfCanvas pdf={pdf} number={number} width={72} ratio={ratio} waiting={!firstDrawn} />
                <Text size="xs" ta="center">
                  {number}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </Box>
      )}
      <Stack gap="md" style={{ minWidth: 0, flex: 1, overflowX: 'auto' }} aria-label="Script">
        {numbers.map((number) => (
          <PdfCanvas
            key={number}
            pdf={pdf}
            number={number}
            width={width}
            ratio={ratio}
            id={`script-page-${number}`}
            onDrawn={number === 1 ? () => setFirstDrawn(true) : undefined}
          >
            {(height) => <AnnotationLayer page={number} width={width} height={height} {...drawing} />}
          </PdfCanvas>
        ))}
      </Stack>
    </Box>
  );
}

type PdfCanvasProps = {
  pdf: PdfDocument;
  number: number;
  width: number;
  /** The first page's height to width, until this page is read. */
  ratio: number;
  id?: string;
  /** Not drawn yet even when in view. */
  waiting?: boolean;
  onDrawn?: () => void;
  children?: (height: number) => ReactNode;
};

/** One page, drawn when it comes near the view and again when its width changes. */
function PdfCanvas({ pdf, number, width, ratio: guess, id, waiting, onDrawn, children }: PdfCanvasProps) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const near = useNear(box);
  const [ratio, setRatio] = useState(guess);
  const drawn = useRef(onDrawn);
  drawn.current = onDrawn;

  useEffect(() => {
    const target = canvas.current;
    if (!near || waiting || !target) return;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    let gone = false;
    void pdf
      .getPage(number)
      .then(async (page) => {
        if (gone) return;
        const base = page.getViewport({ scale: 1 });
        setRatio(base.height / base.width);
        // Sharp on high-density screens, yet never more than twice the pixels.
        const viewport = page.getViewport({ scale: (width / base.width) * Math.min(window.devicePixelRatio || 1, 2) });
        target.width = Math.floor(viewport.width);
        target.height = Math.floor(viewport.height);
        task = page.render({ canvas: target, viewport });
        await task.promise;
        if (!gone) drawn.current?.();
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      task?.cancel();
    };
  }, [near, waiting, pdf, number, width]);

  const height = Math.round(width * ratio);
  return (
    <div
      ref={setBox}
      id={id}
      style={{
        position: 'relative',
        width,
        height,
        flexShrink: 0,
        background: 'white',
        boxShadow: '0 0 0 1px #dee2e6',
      }}
    >
      <canvas
        ref={canvas}
        aria-label={children ? `Page ${number}` : undefined}
        aria-hidden={children ? undefined : true}
        style={{ width: '100%', height: '100%', display: 'block' }}
      />
      {children?.(height)}
    </div>
  );
}

function ImageScript({ url, width, name, ...drawing }: Drawing & { url: string; width: number; name: string }) {
  const [ratio, setRatio] = useState<number | null>(null);
  const height = Math.round(width * (ratio ?? A4));
  return (
    <div style={{ position: 'relative', width, height: ratio ? height : undefined }}>
      <img
        src={url}
        alt={`Script of ${name}`}
        style={{ width: '100%', display: 'block' }}
        onLoad={(event) => setRatio(event.currentTarget.naturalHeight / event.currentTarget.naturalWidth || A4)}
      />
      {ratio && <AnnotationLayer page={1} width={width} height={height} {...drawing} />}
    </div>
  );
}
