import type { OfferedVariable } from '../../editor/template-variables';
import type { SourceChange } from '../model/text-source';
import type { SelectedBlock } from '../edits/block-selection';
import { propertiesFor } from '../edits/block-properties';
import { PropertyField } from './property-field';

export interface BlockPropertiesFormProps {
  selected: SelectedBlock;
  variables: readonly OfferedVariable[];
  onChange: (changes: SourceChange[]) => void;
}

/** The selected block's text-free properties; each edit changes one value in the source. */
export function BlockPropertiesForm({ selected, variables, onChange }: BlockPropertiesFormProps) {
  const { tree, block } = selected;
  const fields = propertiesFor(block);
  if (fields.length === 0) {
    return <p className="text-muted text-xs">This block has no properties to set here.</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      {fields.map((field) => (
        <PropertyField
          key={`${block.node.id}:${field.key}`}
          label={field.label}
          input={field.input}
          value={field.read(tree.source, block)}
          variables={variables}
          onChange={(value) => onChange(field.write(tree.source, block, value))}
        />
      ))}
    </div>
  );
}
