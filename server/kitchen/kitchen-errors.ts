// The kitchen calls' refusals: a line at another station, nothing to bump or recall, a recall too late, no allergies.
import { invalid, notEditable } from '../api/provider-error';
import { RECALL_MINUTES } from '../../src/domain/kitchen';

export const lineAtOtherStation = (lineId: number, station: string) =>
  invalid(`Line ${lineId} is made at ${station}, so only ${station} can bump it`, {
    station: `the line is made at ${station}`,
  });

export const nothingAtStation = (orderID: string, station: string) =>
  invalid(`Order ${orderID} has nothing to make at ${station}`, { station: 'no line of the order is made there' });

export const cannotRecall = (orderID: string, status: string) =>
  notEditable(
    `Order ${orderID} (${status}) cannot be recalled: only an order moved to ready or served in the last ${RECALL_MINUTES} minutes, or a station's lines bumped in that time, can be`,
  );

export const noAllergies = (orderID: string) =>
  notEditable(`Order ${orderID} has no allergies to acknowledge: its guests told the kitchen of none`);
