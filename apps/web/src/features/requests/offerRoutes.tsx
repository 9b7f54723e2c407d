import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { AppRoute } from '../../app/routeMeta';
import { padId } from '../../platform/format';
import { resourceRoutes } from '../../platform/resources';
import type { Row } from '../../platform/resources/logic';
import { AmountsText, AmountsWidget } from './OfferAmounts';

const amountsCell = (row: Row) => <AmountsText amounts={row.amounts as never} />;

/**
 * `/request-offers`: every offer the user reaches, with the list toolkit (filters by request, contractor,
 * type, validity and status); a row's request opens the request page, where offers are written. Offer
 * templates at `/request-offers/templates` (docs/decisions/008-offer-templates-screen.md).
 */
export const offerRoutes: AppRoute[] = [
  ...resourceRoutes('/request-offers/templates', (domain) => domain.requestOfferTemplateResource, {
    fields: { amounts: AmountsWidget },
    cells: { amounts: amountsCell },
  }),
  ...resourceRoutes('/request-offers', (domain) => domain.requestOfferResource, {
    oneLine: true,
    cells: {
      requestId: (row) => (
        <Anchor
          component={Link}
          to={`/requests/${row.requestId}`}
          size="sm"
          fw={500}
          onClick={(e) => e.stopPropagation()}
        >
          {padId(row.requestId as number)}
        </Anchor>
      ),
      amounts: amountsCell,
    },
  }),
];
