// The point-of-sale screen (placeholder until the POS issue): proves the route, its search params and its data.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { categoriesQuery } from '../../api/queries';

const route = getRouteApi('/');

export function PosScreen() {
  const search = route.useSearch();
  const categories = useQuery(categoriesQuery());
  return (
    <section className="placeholder-screen" aria-labelledby="pos-title">
      <h1 id="pos-title">Menu</h1>
      {categories.data ? <p>{categories.data.length} categories on the menu.</p> : <p>Loading the menu…</p>}
      {search.category_id !== undefined && <p>Category {search.category_id} selected.</p>}
    </section>
  );
}
