import { RESOURCES, type Customer, type CustomerInput } from '@admin/shared/contract';
import { createResource } from '@admin/shared/query';

export const customers = createResource<Customer, CustomerInput>(RESOURCES.customers);
