/**
 * The panels of a match's and a season ticket's tabs that load only when a tab opens, in one
 * chunk of their own: the staff app's main bundle stays within its budget.
 */
export { PhasesPanel } from './phases/PhasesPanel';
export { default as PreemptionCodesPanel } from './preemptionCodes/PreemptionCodesPanel';
