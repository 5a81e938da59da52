import { Icon, type IconName } from "./Icon";

/**
 * A header action's icon with its count on the corner (the cart's items, the wishlist's entries),
 * nothing at zero. The count is only seen: the link around it says it in its accessible name. Its look
 * is the header's `header-action` block, with the actions around it (one stylesheet: a file of its own
 * made the first load's CSS 49 B bigger).
 */
export function BadgedIcon({ name, count }: { name: IconName; count: number }) {
  return (
    <span className="header-action__icon">
      <Icon name={name} />
      {count > 0 && (
        <span className="header-action__badge" aria-hidden="true">
          {count}
        </span>
      )}
    </span>
  );
}
