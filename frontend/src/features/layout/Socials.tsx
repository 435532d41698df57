import { SocialIcon } from "../../shared/icons.tsx";
import { SOCIALS } from "./links.ts";

export function Socials({ testId }: { testId: string }) {
  return (
    <ul className="socials" data-testid={testId}>
      {SOCIALS.map(([name, href]) => (
        <li key={name}>
          <a href={href} target="_blank" rel="noreferrer" aria-label={name} data-testid={`${testId}-${name}`}>
            <SocialIcon name={name} />
          </a>
        </li>
      ))}
    </ul>
  );
}
