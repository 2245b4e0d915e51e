/** Back office: shell, menu, breadcrumbs, kit, people, admin auth. */
export const admin = {} as const;
