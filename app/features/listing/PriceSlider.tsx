import * as Slider from "@radix-ui/react-slider";

interface PriceSliderProps {
  range: { low: number; high: number };
  value: [number, number];
  /** Accessible names of the lower and the upper handle. */
  labels: [string, string];
  valueText(value: number): string;
  onValueChange(value: [number, number]): void;
  onValueCommit(value: [number, number]): void;
}

/** The price range's two handles (`@radix-ui/react-slider`), in whole currency units. */
export default function PriceSlider({ range, value, labels, valueText, onValueChange, onValueCommit }: PriceSliderProps) {
  return (
    <Slider.Root
      className="price-range__slider"
      min={range.low}
      max={range.high}
      step={1}
      minStepsBetweenThumbs={0}
      value={value}
      onValueChange={([a = range.low, b = range.high]) => onValueChange([a, b])}
      onValueCommit={([a = range.low, b = range.high]) => onValueCommit([a, b])}
    >
      <Slider.Track className="price-range__track">
        <Slider.Range className="price-range__range" />
      </Slider.Track>
      {labels.map((label, index) => (
        <Slider.Thumb key={label} className="price-range__thumb" aria-label={label} aria-valuetext={valueText(value[index]!)} />
      ))}
    </Slider.Root>
  );
}
