// The alert's "How often" radios, the same on the new-alert and the manage page.
import { ALERT_FREQUENCIES, type AlertFrequency } from '../../../shared/seeker-services.ts';
import { FREQUENCY_LABELS } from './alert-texts.ts';

export function FrequencyChoices({ checked }: { checked: AlertFrequency | string }) {
  return ALERT_FREQUENCIES.map((value) => (
    <label key={value} className="flex min-h-11 items-center gap-2">
      <input type="radio" name="frequency" value={value} defaultChecked={checked === value} />
      {FREQUENCY_LABELS[value]}
    </label>
  ));
}
