// `/staff/menu-editor`: the menu back office (managers); `?edit=dish-12` opens a dish, `new-category` a new one.
import { createFileRoute } from '@tanstack/react-router';
import { ManagersOnly } from '../../ui/staff/staff-layout';
import { validateEditSearch } from '../../ui/staff/menu-editor/edit-search';
import { editSearch, parseEditTarget } from '../../ui/staff/menu-editor/edit-target';
import { MenuEditorScreen } from '../../ui/staff/menu-editor/menu-editor-screen';

export const Route = createFileRoute('/staff/menu-editor')({
  // Anything but a known target is dropped: the editor opens with nothing chosen.
  validateSearch: validateEditSearch,
  component: MenuEditorRoute,
});

function MenuEditorRoute() {
  const { edit } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ManagersOnly>
      <MenuEditorScreen
        edit={parseEditTarget(edit)}
        onEdit={(target) => void navigate({ search: target ? { edit: editSearch(target) } : {} })}
      />
    </ManagersOnly>
  );
}
