import type { EditorThemeClasses } from 'lexical';

/** Class names Lexical puts on the chapter's elements; content-styles.ts gives them their look. */
export const chapterTheme: EditorThemeClasses = {
  paragraph: 'ch-p',
  quote: 'ch-quote',
  heading: { h1: 'ch-h1', h2: 'ch-h2', h3: 'ch-h3', h4: 'ch-h4', h5: 'ch-h5', h6: 'ch-h6' },
  list: {
    ul: 'ch-ul',
    ol: 'ch-ol',
    listitem: 'ch-li',
    listitemChecked: 'ch-li-checked',
    listitemUnchecked: 'ch-li-unchecked',
    nested: { listitem: 'ch-li-nested' },
  },
  link: 'ch-link',
  text: {
    bold: 'ch-bold',
    italic: 'ch-italic',
    underline: 'ch-underline',
    strikethrough: 'ch-strike',
    underlineStrikethrough: 'ch-underline-strike',
    code: 'ch-code',
    subscript: 'ch-sub',
    superscript: 'ch-sup',
  },
  indent: 'ch-indent',
};
