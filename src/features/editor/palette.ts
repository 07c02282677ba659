/**
 * The 35 text colours of the editor (SPEC §9): seven hues in five shades, darkest first.
 * The darkest shades read well on white; the lightest suit highlights on dark figures.
 * Demo chapters use red 900 (#b71c1c) for warnings and blue 900 (#0d47a1) for key facts.
 */
export const TEXT_COLOURS: readonly { name: string; value: string }[] = [
  ...shades('Grey', ['#000000', '#424242', '#757575', '#bdbdbd', '#ffffff']),
  ...shades('Red', ['#b71c1c', '#d32f2f', '#f44336', '#e57373', '#ffcdd2']),
  ...shades('Orange', ['#e65100', '#f57c00', '#ff9800', '#ffb74d', '#ffe0b2']),
  ...shades('Yellow', ['#f57f17', '#fbc02d', '#ffeb3b', '#fff176', '#fff9c4']),
  ...shades('Green', ['#1b5e20', '#388e3c', '#4caf50', '#81c784', '#c8e6c9']),
  ...shades('Blue', ['#0d47a1', '#1976d2', '#2196f3', '#64b5f6', '#bbdefb']),
  ...shades('Purple', ['#4a148c', '#7b1fa2', '#9c27b0', '#ba68c8', '#e1bee7']),
];

function shades(hue: string, values: string[]) {
  const labels = ['darkest', 'dark', 'medium', 'light', 'lightest'];
  return values.map((value, index) => ({
    name: hue === 'Grey' && index === 0 ? 'Black' : hue === 'Grey' && index === 4 ? 'White' : `${hue}, ${labels[index]}`,
    value,
  }));
}
