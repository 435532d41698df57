import { useDeferredValue } from "react";
import { BelowTheFold } from "../../shared/BelowTheFold.tsx";
import { ActivitySection } from "../activity/index.ts";
import { BuyWidget } from "../buy/index.ts";
import { usePresale } from "../../presale/index.ts";
import { Banner } from "./Banner.tsx";
import { HowToBuy } from "./HowToBuy.tsx";
import { Ladder } from "./Ladder.tsx";

export default function HomePage() {
  // Fresh presale data reaches the (memoised) widget and ladder in a deferred, time-sliced render: TanStack Query's
  // store updates are synchronous, so without this each refresh re-rendered both in one blocking task.
  const data = useDeferredValue(usePresale());
  return (
    <>
      <section className="hero" data-testid="home-page">
        <div className="container hero-grid">
          <Banner data={data} />
          <BuyWidget data={data} />
        </div>
      </section>
      <BelowTheFold>
        <ActivitySection />
        <HowToBuy />
        <Ladder data={data} />
      </BelowTheFold>
    </>
  );
}
