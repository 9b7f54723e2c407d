import { Accordion, Button, Menu } from '@mantine/core';
import { IconCheck, IconLayoutList, IconLayoutNavbar, IconPinned } from '@tabler/icons-react';
import { DEFAULT_PROPERTY_VIEWS, type PropertyViewType, type ResourceDescriptor } from '@tms/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Row } from '../../platform/resources/logic';
import { RecordPage, type RecordTab } from '../../platform/resources/RecordPage';
import type { ResourceTexts } from '../../platform/resources/texts';
import { usePropertyViews, useSavePropertyView } from './api';

interface PropertyViewProps {
  type: PropertyViewType;
  descriptor: ResourceDescriptor;
  texts: ResourceTexts;
  record: Row | null;
  title: ReactNode;
  badges?: ReactNode;
  actions?: ReactNode;
  /** A line under the title (the statuses). */
  summary?: ReactNode;
  /** The blocks in the view's order; a block's `value` is its name (main, route, ...). */
  blocks: readonly RecordTab[];
  /** Rendered after the page (dialogs). */
  children?: ReactNode;
}

/**
 * The property view of an order or job (spec §2): its blocks as tabs opening at the user's default tab,
 * or, expanded, every block on one page with the user's blocks unfolded. The three preferences are kept
 * per user and type on the server; the open tab is also in the address (`?tab=`).
 */
export function PropertyView({
  type,
  descriptor,
  texts,
  record,
  title,
  badges,
  actions,
  summary,
  blocks,
  children,
}: PropertyViewProps) {
  const { t } = useTranslation('operations');
  const views = usePropertyViews();
  const save = useSavePropertyView(type);
  const view = views.data?.[type] ?? DEFAULT_PROPERTY_VIEWS[type];
  const [params, setParams] = useSearchParams();
  const shown = blocks.filter((block) => !block.hidden);
  const names = shown.map((block) => block.value);
  const tab = params.get('tab') ?? view.defaultTab;
  const setTab = (next: string) =>
    setParams(next === view.defaultTab ? {} : { tab: next }, { replace: true, preventScrollReset: true });

  const viewMenu = record && (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconLayoutNavbar size={16} />}
          data-testid="view-menu"
        >
          {t('view.title')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={view.expanded ? <IconLayoutNavbar size={16} /> : <IconLayoutList size={16} />}
          onClick={() => save.mutate({ expanded: !view.expanded })}
          data-testid="view-expanded"
        >
          {view.expanded ? t('view.asTabs') : t('view.allBlocks')}
        </Menu.Item>
        {!view.expanded && (
          <>
            <Menu.Label>{t('view.defaultTab')}</Menu.Label>
            {shown.map((block) => (
              <Menu.Item
                key={block.value}
                leftSection={
                  block.value === view.defaultTab ? <IconCheck size={16} /> : <IconPinned size={16} />
                }
                onClick={() => save.mutate({ defaultTab: block.value })}
                data-testid={`view-default-${block.value}`}
              >
                {block.label}
              </Menu.Item>
            ))}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );

  const tabs: readonly RecordTab[] =
    record && view.expanded
      ? [
          {
            value: 'blocks',
            label: t('view.allBlocks'),
            testId: 'tab-blocks',
            content: (
              <Accordion
                multiple
                variant="separated"
                value={view.expandedBlocks.filter((name) => names.includes(name))}
                onChange={(open) =>
                  // Blocks hidden on this record keep their setting.
                  save.mutate({
                    expandedBlocks: [
                      ...names.filter((name) => open.includes(name)),
                      ...view.expandedBlocks.filter((name) => !names.includes(name)),
                    ],
                  })
                }
              >
                {shown.map((block) => (
                  <Accordion.Item key={block.value} value={block.value} data-testid={`block-${block.value}`}>
                    <Accordion.Control icon={block.icon}>{block.label}</Accordion.Control>
                    <Accordion.Panel>{block.content}</Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            ),
          },
        ]
      : blocks;

  return (
    <RecordPage
      descriptor={descriptor}
      texts={texts}
      record={record}
      title={title}
      badges={badges}
      summary={summary}
      actions={
        (actions || viewMenu) && (
          <>
            {actions}
            {viewMenu}
          </>
        )
      }
      tabs={tabs}
      tab={record && view.expanded ? (tab === 'history' ? 'history' : 'blocks') : tab}
      onTabChange={setTab}
      maw={view.expanded ? 1600 : 1280}
    >
      {children}
    </RecordPage>
  );
}
