// How many of a list's dishes the guest's filter hides, in words.
export function DishFilterStatus({ total, shown }: { total: number; shown: number }) {
  const hidden = total - shown;
  return (
    <p className="dish-filter__status" data-testid="dish-filter-status">
      {hidden === 0
        ? 'Your filters hide no dish here.'
        : `Your filters hide ${hidden} of ${total} ${total === 1 ? 'dish' : 'dishes'} here.`}
    </p>
  );
}
