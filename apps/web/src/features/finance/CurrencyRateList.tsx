import type { ResourceScreenProps } from '../../platform/resources';
import { ResourceList } from '../../platform/resources/ResourceList';
import { CurrencyRateImports } from './CurrencyRateImports';

/** Currency rates: the engine's list, plus the Bank of Russia and XLSX imports for the rates' keepers. */
export function CurrencyRateList({ descriptor, options }: ResourceScreenProps) {
  return (
    <ResourceList
      descriptor={descriptor}
      options={{ ...options, toolbar: <CurrencyRateImports descriptor={descriptor} /> }}
    />
  );
}
