import type { ReactNode } from "react";
import { Offcanvas } from "../../ui/Offcanvas";

interface AccountMenuPanelProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  children: ReactNode;
}

/** The account menu on XS and SM: the same content in a slide-out panel from the left (its own chunk). */
export default function AccountMenuPanel({ open, onOpenChange, title, children }: AccountMenuPanelProps) {
  return (
    <Offcanvas open={open} onOpenChange={onOpenChange} side="left" title={title} className="account-menu-offcanvas">
      <div className="account-menu__panel">{children}</div>
    </Offcanvas>
  );
}
