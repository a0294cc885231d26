/** "1 saved definition" / "3 saved definitions": the favorites count as the page and the dashboard card say it. */
export const savedDefinitionsLabel = (count: number) =>
  `${count} saved ${count === 1 ? "definition" : "definitions"}`;
