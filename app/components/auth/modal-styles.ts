/** The account dialogs' title in the heading font. */
export const modalStyles = {
  title: {
    fontFamily: "var(--mantine-font-family-headings)",
    fontSize: "1.5rem",
    fontWeight: 600,
    lineHeight: 1.2,
  },
  header: { paddingBottom: 4 },
} as const;
