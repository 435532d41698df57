import { BuyWidget } from "../buy/BuyWidget.tsx";
import { usePresale } from "../buy/usePresale.ts";
import { Banner } from "./Banner.tsx";
import { HowToBuy } from "./HowToBuy.tsx";
import { Ladder } from "./Ladder.tsx";

export default function HomePage() {
  const data = usePresale();
  return (
    <>
      <section className="hero" data-testid="home-page">
        <div className="container hero-grid">
          <Banner />
          <BuyWidget data={data} />
        </div>
      </section>
      <HowToBuy />
      <Ladder data={data} />
    </>
  );
}
