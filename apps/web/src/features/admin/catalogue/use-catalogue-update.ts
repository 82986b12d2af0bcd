import { useQueryClient } from '@tanstack/react-query';
import { adminCatalogueQueryOptions, type AdminCatalogue } from '../api/catalogue';

export function useCatalogueUpdate() {
  const queryClient = useQueryClient();
  return (update: (current: AdminCatalogue) => AdminCatalogue) => {
    queryClient.setQueryData(adminCatalogueQueryOptions().queryKey, (current) => (current ? update(current) : current));
  };
}
