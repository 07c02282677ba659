/** A percentage as the product writes it everywhere (history, assignments, progress, statistics): one decimal, no space, '66.7%'. */
export const formatPercentage = (value: number | string) => `${Number(value).toFixed(1)}%`;
