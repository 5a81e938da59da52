import { useId } from "react";
import type { AiSearchProducts } from "../../../server/ai-search/service";
import { ProductGrid } from "../ProductBox";
import "./TermSections.css";

interface TermSectionsProps {
  results: readonly AiSearchProducts[];
  /** Said under a term that found no product while others did. */
  emptyTermText: string;
}

/** A section per term (CONTRACT §7): headed by the term, its reason, and its product boxes as in listings. */
export function TermSections({ results, emptyTermText }: TermSectionsProps) {
  // Two terms may read the same; their place in the answer tells them apart.
  return results.map((result, index) => <TermSection key={`${index}:${result.term}`} result={result} emptyTermText={emptyTermText} />);
}

function TermSection({ result, emptyTermText }: { result: AiSearchProducts; emptyTermText: string }) {
  const headingId = useId();
  return (
    <section className="term-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="term-section__title">
        {result.term}
      </h2>
      {result.reason && <p className="term-section__reason">{result.reason}</p>}
      {result.products.length > 0 ? <ProductGrid products={result.products} /> : <p className="term-section__empty">{emptyTermText}</p>}
    </section>
  );
}
