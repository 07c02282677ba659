/**
 * Chapter documents as the editor saves them (Lexical JSON), for tests and the bench that write
 * chapters through the API: one definition of a text paragraph and of the document around it.
 */

/** A paragraph holding one run of plain text. */
export const textParagraph = (text: string) => ({
  type: 'paragraph',
  version: 1,
  direction: null,
  format: '',
  indent: 0,
  textFormat: 0,
  textStyle: '',
  children: [{ type: 'text', version: 1, text, format: 0, style: '', mode: 'normal', detail: 0 }],
});

/** A chapter document of the given blocks (paragraphs, images…). */
export const lexicalDocument = (...children: object[]) => ({ root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children } });
