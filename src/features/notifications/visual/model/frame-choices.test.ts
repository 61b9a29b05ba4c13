import { describe, expect, it } from 'vitest';
import { offeredVariables } from '../../editor/template-variables';
import { frameTags } from '../edits/block-snippets';
import { conditionChoices, loopChoices } from './frame-choices';

const offered = offeredVariables({
  customer: { first_name: 'Ada', accepts_marketing: true },
  order: { lines: [{ title: 'Tea', quantity: 2 }] },
});

describe('frame choices from the sample', () => {
  it('offers each list as a loop with its item named', () => {
    expect(loopChoices(offered)).toEqual([
      {
        label: 'line in order.lines',
        options: { collection: 'order.lines', item: 'line', field: 'title' },
      },
    ]);
    const [choice] = loopChoices(offered);
    expect(choice && frameTags('loop', choice.options)).toEqual([
      '{% for line in order.lines %}',
      '{% endfor %}',
    ]);
  });

  it('offers values and non-empty lists as conditions', () => {
    expect(conditionChoices(offered).map((choice) => choice.label)).toEqual([
      'customer.first_name',
      'customer.accepts_marketing',
      'order.lines.size > 0',
    ]);
  });
});
