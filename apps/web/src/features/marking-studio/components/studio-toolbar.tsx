import { ActionIcon, Group } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowsHorizontal,
  IconCheck,
  IconEraser,
  IconHighlight,
  IconMessage,
  IconPencil,
  IconX,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { TOOL_LABELS, TOOLS, type Tool } from '../model/tools';

const ICONS: Record<Tool, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  pen: IconPencil,
  tick: IconCheck,
  cross: IconX,
  text: IconMessage,
  highlight: IconHighlight,
  eraser: IconEraser,
};

export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

type ToolbarProps = {
  tool: Tool;
  onTool: (tool: Tool) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  zoom: number;
  onZoom: (zoom: number) => void;
};

/** The tools, undo/redo and zoom as icon buttons, each named for screen readers; they wrap on a phone. */
export function StudioToolbar({ tool, onTool, canUndo, canRedo, onUndo, onRedo, zoom, onZoom }: ToolbarProps) {
  const smaller = [...ZOOM_STEPS].reverse().find((step) => step < zoom);
  const larger = ZOOM_STEPS.find((step) => step > zoom);
  return (
    <Group gap={4} wrap="wrap" role="toolbar" aria-label="Annotation tools">
      {TOOLS.map((name) => {
        const Icon = ICONS[name];
        return (
          <ActionIcon
            key={name}
            size="lg"
            variant={tool === name ? 'filled' : 'default'}
            aria-label={TOOL_LABELS[name]}
            aria-pressed={tool === name}
            title={TOOL_LABELS[name]}
            onClick={() => onTool(name)}
          >
            <Icon size={18} aria-hidden />
          </ActionIcon>
        );
      })}
      <ActionIcon
        size="lg"
        variant="default"
        aria-label="Undo"
        title="Undo (Ctrl+Z)"
        disabled={!canUndo}
        onClick={onUndo}
      >
        <IconArrowBackUp size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        size="lg"
        variant="default"
        aria-label="Redo"
        title="Redo (Ctrl+Shift+Z)"
        disabled={!canRedo}
        onClick={onRedo}
      >
        <IconArrowForwardUp size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        size="lg"
        variant="default"
        aria-label="Zoom out"
        disabled={smaller === undefined}
        onClick={() => smaller !== undefined && onZoom(smaller)}
      >
        <IconZoomOut size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        size="lg"
        variant="default"
        aria-label="Zoom in"
        disabled={larger === undefined}
        onClick={() => larger !== undefined && onZoom(larger)}
      >
        <IconZoomIn size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        size="lg"
        variant={zoom === 1 ? 'light' : 'default'}
        aria-label="Fit width"
        title="Fit width"
        onClick={() => onZoom(1)}
      >
        <IconArrowsHorizontal size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
