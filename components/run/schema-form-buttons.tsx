import type { ArrayFieldItemButtonsTemplateProps, ArrayFieldItemTemplateProps, IconButtonProps, RJSFSchema, TemplatesType } from "@rjsf/utils";
import { buttonId } from "@rjsf/utils";
import type { FormValues } from "./schema-form-types";

// The generated form's buttons, drawn here: @rjsf/core's own are empty <i> tags styled by a glyph font Explore
// does not ship, so they showed as blank pills. Each button carries an inline SVG icon and a name in words; the
// buttons of a list item name the item ("Remove item 2"), since every item has the same three.

type Props = IconButtonProps<FormValues, RJSFSchema>;
type IconName = "up" | "down" | "remove" | "add" | "copy";

const ICON_PATHS: Record<IconName, string> = {
  up: "M8 13V3M3.5 7.5 8 3l4.5 4.5",
  down: "M8 3v10M3.5 8.5 8 13l4.5-4.5",
  remove: "M4 4l8 8M12 4l-8 8",
  add: "M8 3v10M3 8h10",
  copy: "M5.5 5.5h7v7h-7zM3.5 10.5v-7h7",
};

function Icon({ name }: { name: IconName }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 16 16"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}

/** An icon-only button: its name, in words, for assistive technology and as the pointer's tooltip. */
function IconOnlyButton({
  icon,
  name,
  id,
  onClick,
  disabled,
  danger,
}: {
  icon: IconName;
  name: string;
  id?: string | undefined;
  onClick?: Props["onClick"];
  disabled?: boolean | undefined;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      id={id}
      className={`run-form-icon-button${danger ? " run-form-danger" : ""}`}
      aria-label={name}
      title={name}
      onClick={onClick}
      disabled={disabled}
    >
      <Icon name={icon} />
    </button>
  );
}

const itemWords = (index: number) => `item ${index + 1}`;

function ArrayFieldItemButtonsTemplate(props: ArrayFieldItemButtonsTemplateProps<FormValues, RJSFSchema>) {
  const { disabled, readonly, hasCopy, hasMoveDown, hasMoveUp, hasRemove, fieldPathId, index, onCopyItem, onMoveDownItem, onMoveUpItem, onRemoveItem } = props;
  const item = itemWords(index);
  const off = Boolean(disabled || readonly);
  return (
    <>
      {hasMoveUp || hasMoveDown ? (
        <>
          <IconOnlyButton icon="up" name={`Move ${item} up`} id={buttonId(fieldPathId, "moveUp")} onClick={onMoveUpItem} disabled={off || !hasMoveUp} />
          <IconOnlyButton
            icon="down"
            name={`Move ${item} down`}
            id={buttonId(fieldPathId, "moveDown")}
            onClick={onMoveDownItem}
            disabled={off || !hasMoveDown}
          />
        </>
      ) : null}
      {hasCopy ? <IconOnlyButton icon="copy" name={`Copy ${item}`} id={buttonId(fieldPathId, "copy")} onClick={onCopyItem} disabled={off} /> : null}
      {hasRemove ? (
        <IconOnlyButton icon="remove" name={`Remove ${item}`} id={buttonId(fieldPathId, "remove")} onClick={onRemoveItem} disabled={off} danger />
      ) : null}
    </>
  );
}

/** A list item: its field, and its buttons beside the field's input (at the bottom, whatever the label's height). */
function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps<FormValues, RJSFSchema>) {
  const { children, className, buttonsProps, hasToolbar } = props;
  return (
    <div className={`${className} run-array-item`}>
      <div className="run-array-item-field">{children}</div>
      {hasToolbar ? (
        <div className="run-array-item-buttons">
          <ArrayFieldItemButtonsTemplate {...buttonsProps} />
        </div>
      ) : null}
    </div>
  );
}

function AddButton({ id, onClick, disabled }: Props) {
  return (
    <button type="button" id={id} className="run-form-text-button" onClick={onClick} disabled={disabled}>
      <Icon name="add" />
      Add item
    </button>
  );
}

// Outside lists: the key of an additional property, and a text input's clear button.
const RemoveButton = ({ id, onClick, disabled }: Props) => <IconOnlyButton icon="remove" name="Remove" id={id} onClick={onClick} disabled={disabled} danger />;
const ClearButton = ({ id, onClick, disabled }: Props) => <IconOnlyButton icon="remove" name="Clear" id={id} onClick={onClick} disabled={disabled} />;
const MoveUpButton = ({ id, onClick, disabled }: Props) => <IconOnlyButton icon="up" name="Move up" id={id} onClick={onClick} disabled={disabled} />;
const MoveDownButton = ({ id, onClick, disabled }: Props) => <IconOnlyButton icon="down" name="Move down" id={id} onClick={onClick} disabled={disabled} />;
const CopyButton = ({ id, onClick, disabled }: Props) => <IconOnlyButton icon="copy" name="Copy" id={id} onClick={onClick} disabled={disabled} />;

/** The templates SchemaForm hands @rjsf/core. */
export const schemaFormTemplates: Partial<Omit<TemplatesType<FormValues, RJSFSchema>, "ButtonTemplates">> & {
  ButtonTemplates: Partial<TemplatesType<FormValues, RJSFSchema>["ButtonTemplates"]>;
} = {
  ArrayFieldItemTemplate,
  ArrayFieldItemButtonsTemplate,
  ButtonTemplates: { AddButton, RemoveButton, ClearButton, MoveUpButton, MoveDownButton, CopyButton },
};
