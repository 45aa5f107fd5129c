/**
 * Runs `load` on the first call and answers the same promise after that; a failed load is forgotten,
 * so the next call tries again. Adapters use it to load an SDK that the Hub may never need (Stripe,
 * the AWS SDK, nodemailer) when it is first used rather than at start.
 */
export const loadOnce = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loaded: Promise<T> | null = null;
  return () => {
    if (!loaded) {
      const attempt = load();
      loaded = attempt;
      attempt.catch(() => {
        if (loaded === attempt) loaded = null;
      });
    }
    return loaded;
  };
};
