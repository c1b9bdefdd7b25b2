/** Mixes a #rrggbb colour towards white (amount > 0) or black (amount < 0). */
function mix(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const target = amount > 0 ? 255 : 0;
  const weight = Math.abs(amount);
  return `#${channels
    .map((c) => Math.round(c + (target - c) * weight))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Ten shades of a colour, lightest first; index 6 is the colour itself (Mantine's scale). */
function shadesOf(hex: string): string[] {
  return [0.92, 0.84, 0.68, 0.5, 0.32, 0.16, 0, -0.12, -0.24, -0.36].map((amount) =>
    amount === 0 ? hex.toLowerCase() : mix(hex, amount),
  );
}

function alpha(hex: string, opacity: number): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${opacity})`;
}

/** The CSS variables that carry the primary colour, for one theme colour. */
function themeColorVariables(hex: string): Record<string, string> {
  const shades = shadesOf(hex);
  const variables: Record<string, string> = {};
  for (const prefix of ['--mantine-color-cmp', '--mantine-primary-color']) {
    shades.forEach((shade, index) => {
      variables[`${prefix}-${index}`] = shade;
    });
    Object.assign(variables, {
      [`${prefix}-filled`]: shades[6],
      [`${prefix}-filled-hover`]: shades[7],
      [`${prefix}-light`]: alpha(hex, 0.1),
      [`${prefix}-light-hover`]: alpha(hex, 0.14),
      [`${prefix}-light-color`]: shades[6],
    });
  }
  Object.assign(variables, {
    '--mantine-color-cmp-outline': shades[6],
    '--mantine-color-cmp-outline-hover': alpha(hex, 0.05),
    '--mantine-color-cmp-text': shades[6],
  });
  return variables;
}

/** Puts a theme colour on the page; the returned function takes it off again. */
export function applyThemeColor(root: HTMLElement, hex: string): () => void {
  const variables = themeColorVariables(hex);
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
  return () => {
    for (const name of Object.keys(variables)) root.style.removeProperty(name);
  };
}
