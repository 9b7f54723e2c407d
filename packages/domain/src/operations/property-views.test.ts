import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROPERTY_VIEWS,
  JOB_PROPERTY_BLOCKS,
  ORDER_PROPERTY_BLOCKS,
  PROPERTY_BLOCK_LABELS,
  propertyViewsSchema,
  propertyViewUpdateSchemas,
  readPropertyViews,
} from './property-views';

describe('property views', () => {
  it('have the blocks of this issue', () => {
    expect(ORDER_PROPERTY_BLOCKS).toEqual(['main', 'route', 'bills', 'jobs', 'files', 'offers', 'workflows']);
    expect(JOB_PROPERTY_BLOCKS).toEqual(['main', 'route', 'bills', 'stages', 'orders', 'files', 'offers']);
    for (const block of [...ORDER_PROPERTY_BLOCKS, ...JOB_PROPERTY_BLOCKS]) {
      expect(PROPERTY_BLOCK_LABELS[block].ru).toMatch(/[А-Я]/);
    }
    expect(propertyViewsSchema.parse(DEFAULT_PROPERTY_VIEWS)).toEqual(DEFAULT_PROPERTY_VIEWS);
  });

  it('take an update of one type, blocks of that type only, each once', () => {
    expect(
      propertyViewUpdateSchemas.job.parse({ defaultTab: 'stages', expandedBlocks: ['stages', 'stages'] }),
    ).toEqual({ defaultTab: 'stages', expandedBlocks: ['stages'] });
    expect(propertyViewUpdateSchemas.order.safeParse({ defaultTab: 'stages' }).success).toBe(false);
    expect(propertyViewUpdateSchemas.order.safeParse({ expanded: 'yes' }).success).toBe(false);
    expect(propertyViewUpdateSchemas.order.safeParse({ layout: 'wide' }).success).toBe(false);
    expect(propertyViewUpdateSchemas.order.parse({ expanded: true })).toEqual({ expanded: true });
  });

  it('read stored preferences leniently', () => {
    expect(readPropertyViews(null)).toEqual(DEFAULT_PROPERTY_VIEWS);
    expect(
      readPropertyViews({
        order: {
          expanded: true,
          defaultTab: 'wagons',
          expandedBlocks: ['files', 'wagons', 'files', 3],
        },
        job: { defaultTab: 'orders' },
      }),
    ).toEqual({
      order: { expanded: true, defaultTab: 'main', expandedBlocks: ['files'] },
      job: { ...DEFAULT_PROPERTY_VIEWS.job, defaultTab: 'orders' },
    });
  });
});
