/** The user pool's password policy (the identity service's default policy). */
export const PASSWORD_RULES = [
  { id: "length", label: "At least 8 characters", test: (p: string) => p.length >= 8 },
  { id: "lower", label: "A lowercase letter", test: (p: string) => /[a-z]/.test(p) },
  { id: "upper", label: "An uppercase letter", test: (p: string) => /[A-Z]/.test(p) },
  { id: "number", label: "A number", test: (p: string) => /[0-9]/.test(p) },
  {
    id: "symbol",
    label: "A symbol (such as ! @ # $)",
    test: (p: string) => /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+-]/.test(p),
  },
] as const;

export const passwordPolicyProblems = (password: string): string[] =>
  PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.label);
