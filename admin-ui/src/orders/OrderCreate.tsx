import { useWatch } from 'react-hook-form';
import { Create, required, useGetList } from 'react-admin';
import { romeDateOf } from '../fields/romeDateTime';
import { FixtureInput } from '../fixtures/FixtureInput';
import { FIXTURE_STATUS } from '../fixtures/types';
import { useUpcomingFixtures } from '../fixtures/useUpcomingFixtures';
import { SALE, MATCH_DESK } from './saleDesk';
import { SaleForm } from './SaleForm';
import { SaleLinesInput } from './SaleLineInputs';
import { saleRequest } from './saleRequest';
import type { Fixture, Price } from '../../../api-types';

const isOnSale = (fixture: Fixture) => fixture.status === FIXTURE_STATUS.onSale;

/**
 * The box-office sale, at /admin/orders/create: staff choose a fixture on sale, the buyer's
 * e-mail, how they paid and the e-mail's language, then one line per seat (its label, the
 * reduction, the holder). The API takes it as paid and issues the tickets like an online order.
 */
export function OrderCreate() {
  return (
    <Create title={`${SALE}.title`}>
      <SaleForm
        desk={MATCH_DESK}
        request={saleRequest}
        subject={
          <FixtureInput
            source="fixture_id"
            label={`${SALE}.fields.fixture_id`}
            accept={isOnSale}
            emptyText={`${SALE}.no_fixture_on_sale`}
            validate={required()}
          />
        }
        lines={<MatchSaleLines />}
      />
    </Create>
  );
}

/**
 * A match's lines: priced by the default prices (box-office reductions included), the holders
 * checked on the chosen match's day (in Italy).
 */
function MatchSaleLines() {
  const fixtureId: unknown = useWatch({ name: 'fixture_id' });
  const { data: prices = [], isPending } = useGetList<Price>('prices', {
    sort: { field: 'sector_code', order: 'ASC' },
    pagination: { page: 1, perPage: 1000 },
  });
  // The picker's own query: the chosen fixture is among the upcoming ones it offers.
  const { data: fixtures = [] } = useUpcomingFixtures();
  const fixture = fixtures.find((candidate) => String(candidate.id) === String(fixtureId));
  const day = fixture === undefined ? undefined : romeDateOf(fixture.starts_at);
  return <SaleLinesInput desk={MATCH_DESK} pricing={{ prices, isPending, day }} />;
}
