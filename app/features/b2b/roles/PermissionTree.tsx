import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { groupState, PERMISSION_GROUPS, toggleGroup, togglePermission, type Permission, type PermissionGroup } from "../../../../kernel/b2b-permissions";
import { useI18n } from "../../../i18n/i18n";
import { focusTarget, sideEffects } from "./permission-changes";
import "./Roles.css";

interface PermissionTreeProps {
  /** The checked permissions. */
  value: Permission[];
  onChange(next: Permission[]): void;
  disabled?: boolean;
  /** The id of a text describing the whole tree (its error). */
  describedBy?: string;
}

type PermissionItem = PermissionGroup["permissions"][number];

/**
 * The permission tree of a role (CONTRACT §6, spec §4): a checkbox per group (checked, mixed or
 * unchecked; toggles all of it) above a checkbox per permission. Checking one checks what it needs,
 * unchecking one unchecks what needs it; what changed besides the clicked box is announced. Each
 * permission box posts `permissions=<key>`, so the form works without JavaScript (the server refuses a
 * set not closed under the dependencies). ArrowDown/ArrowUp, Home and End move between the boxes.
 */
export function PermissionTree({ value, onChange, disabled = false, describedBy }: PermissionTreeProps) {
  const { t } = useI18n();
  const [announcement, setAnnouncement] = useState("");
  const labelOf = (key: Permission) => t(`customer.roles.permission.${key}`);

  const change = (next: Permission[], clicked: readonly Permission[]) => {
    const { checked, unchecked } = sideEffects(value, next, clicked);
    const list = (keys: Permission[]) => keys.map(labelOf).join(", ");
    setAnnouncement(
      checked.length
        ? t("customer.roles.tree.alsoChecked", { permissions: list(checked) })
        : unchecked.length
          ? t("customer.roles.tree.alsoUnchecked", { permissions: list(unchecked) })
          : "",
    );
    onChange(next);
  };

  const moveFocus = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    const boxes = Array.from(event.currentTarget.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:not(:disabled)'));
    const current = boxes.indexOf(event.target as HTMLInputElement);
    if (current < 0) return;
    const next = focusTarget(event.key, current, boxes.length);
    if (next === null) return;
    event.preventDefault();
    boxes[next]!.focus();
  };

  return (
    <fieldset className="permission-tree" disabled={disabled} aria-describedby={describedBy} onKeyDown={moveFocus}>
      <legend className="permission-tree__legend">{t("customer.roles.tree.legend")}</legend>
      <p className="permission-tree__lead">{t("customer.roles.tree.lead")}</p>
      <div className="permission-tree__groups">
        {PERMISSION_GROUPS.map((group) => (
          <PermissionGroupBranch
            key={group.key}
            group={group}
            value={value}
            onGroupChange={(checked) =>
              change(
                toggleGroup(value, group, checked),
                group.permissions.map((p) => p.key),
              )
            }
            onPermissionChange={(key, checked) => change(togglePermission(value, key, checked), [key])}
          />
        ))}
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </fieldset>
  );
}

interface PermissionGroupBranchProps {
  group: PermissionGroup;
  value: Permission[];
  onGroupChange(checked: boolean): void;
  onPermissionChange(key: Permission, checked: boolean): void;
}

function PermissionGroupBranch({ group, value, onGroupChange, onPermissionChange }: PermissionGroupBranchProps) {
  const { t } = useI18n();
  const id = useId();
  const state = groupState(value, group);
  const memberId = (key: Permission) => `${id}-${key}`;
  return (
    <div className="permission-tree__group">
      <label className="permission-tree__option permission-tree__option--group">
        <GroupCheckbox
          state={state}
          controls={group.permissions.map((p) => memberId(p.key)).join(" ")}
          // A mixed group checks all of it, as the native box does.
          onChange={() => onGroupChange(state !== "checked")}
        />
        <span id={`${id}-label`}>{t(`customer.roles.group.${group.key}`)}</span>
      </label>
      <div role="group" aria-labelledby={`${id}-label`} className="permission-tree__members">
        {group.permissions.map((permission) => (
          <PermissionCheckbox
            key={permission.key}
            id={memberId(permission.key)}
            permission={permission}
            checked={value.includes(permission.key)}
            onChange={(checked) => onPermissionChange(permission.key, checked)}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * A group's box: not posted (the permissions are). Mixed is the DOM's `indeterminate` (what browsers and
 * screen readers show) and `aria-checked="mixed"` for the server render, where the property cannot be set.
 */
function GroupCheckbox({ state, controls, onChange }: { state: ReturnType<typeof groupState>; controls: string; onChange(): void }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Set on every render: a click clears the property before React re-renders.
    if (box.current) box.current.indeterminate = state === "mixed";
  });
  return (
    <input
      ref={box}
      type="checkbox"
      className="permission-tree__box"
      checked={state === "checked"}
      aria-checked={state === "mixed" ? "mixed" : undefined}
      aria-controls={controls}
      onChange={onChange}
    />
  );
}

interface PermissionCheckboxProps {
  id: string;
  permission: PermissionItem;
  checked: boolean;
  onChange(checked: boolean): void;
}

function PermissionCheckbox({ id, permission, checked, onChange }: PermissionCheckboxProps) {
  const { t } = useI18n();
  const needs = permission.requires as readonly Permission[];
  const needsId = `${id}-needs`;
  return (
    <div className="permission-tree__permission">
      <label className="permission-tree__option">
        <input
          id={id}
          type="checkbox"
          className="permission-tree__box"
          name="permissions"
          value={permission.key}
          checked={checked}
          aria-describedby={needs.length ? needsId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{t(`customer.roles.permission.${permission.key}`)}</span>
      </label>
      {needs.length > 0 && (
        <p id={needsId} className="permission-tree__needs">
          {t("customer.roles.tree.needs", { permissions: needs.map((key) => t(`customer.roles.permission.${key}`)).join(", ") })}
        </p>
      )}
    </div>
  );
}
