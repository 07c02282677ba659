import type { ReactNode, Ref } from 'react';

/** How the drill form reads the rich-text editor of the instructions when it saves (the route provides the editor). */
export interface InstructionsEditorHandle {
  getContent(): unknown;
  hasChanges(): boolean;
  isUploading(): boolean;
}

export interface InstructionsEditorSlot {
  /** The drill's stored instructions (Lexical state) or null. */
  initialContent: unknown;
  handleRef: Ref<InstructionsEditorHandle>;
  /** Id of the 'Instructions' label, for the editing area's accessible name. */
  labelledBy: string;
}

export type RenderInstructionsEditor = (slot: InstructionsEditorSlot) => ReactNode;
