import { startTransition, useEffect, useState, type ReactNode } from "react";

/**
 * Mounts its children in a second, time-sliced render after the page's first commit. React's commit phase cannot
 * be split, so content below the first screen is kept out of the commit that replaces the first-paint shell.
 */
export function BelowTheFold({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => startTransition(() => setShown(true)), 0);
    return () => clearTimeout(id);
  }, []);
  return shown ? children : null;
}
