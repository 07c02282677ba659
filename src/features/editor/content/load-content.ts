import { checkChapterContent } from '../../../contract/rich-text';
import { deltaToLexical, isDeltaDocument } from '../../../contract/delta-to-lexical';

/** Raised when stored content cannot be shown (not a document, too large, too deep). */
export class ChapterContentError extends Error {
  override name = 'ChapterContentError';
}

/**
 * The Lexical document to load for a chapter's `content_delta`: a Lexical state as stored, or a
 * legacy Quill Delta converted. Either way it passes the same sanitiser as on the server
 * (unsafe links unwrapped, unsafe media dropped, styles reduced to colours), so content that
 * reached the database some other way is still never rendered with a javascript: link.
 * Null or an empty object means "no content yet".
 */
export function toEditorDocument(content: unknown): { root: { children: unknown[] } } | null {
  let value = content;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      throw new ChapterContentError('The chapter content is not valid JSON.');
    }
  }
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) return null;
  const document = isDeltaDocument(value) ? deltaToLexical(value) : value;
  const checked = checkChapterContent(document);
  if (!checked.ok) throw new ChapterContentError(checked.message);
  return checked.value as { root: { children: unknown[] } };
}

/**
 * `initialConfig.editorState` for a chapter: the document as a JSON string, or undefined for an
 * empty one (Lexical refuses to set an empty state; undefined gives the default empty paragraph).
 */
export function initialEditorState(content: unknown): string | undefined {
  const document = toEditorDocument(content);
  return document && document.root.children.length > 0 ? JSON.stringify(document) : undefined;
}
