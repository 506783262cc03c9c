// What the kit's forms use from react-hook-form and its valibot resolver: a file of its own
// (form-library.ts loads it), so that pages without a form (the dashboard) never wait for it.
export { valibotResolver } from '@hookform/resolvers/valibot';
export { Controller, FormProvider, get, useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
