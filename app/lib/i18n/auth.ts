/** Customer accounts: login, register, reset, verification, profile. */
export const auth = {} as const;
