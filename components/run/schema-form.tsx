"use client";

import "./schema-form.css";
import Form from "@rjsf/core";
import type { ErrorSchema, RJSFSchema, UiSchema } from "@rjsf/utils";
import type { FormValues, SchemaFormHandle } from "./schema-form-types";
import { schemaFormTemplates } from "./schema-form-buttons";
import { useMemo, type Ref } from "react";
import { plainFormErrors, uiSchemaFor } from "@/lib/foundations/json-schema/form-ui";
import { formValidatorFor } from "@/lib/foundations/json-schema/form-validator";
import { withoutDialect } from "@/lib/foundations/json-schema/validator";

// The form generated from a capability's input schema (@rjsf/core, validating with the Ajv setup the server
// uses, in the schema's dialect): it renders each field with its label, description and errors
// (aria-describedby points at them), and validates in the browser. The Run form loads it lazily
// (./lazy-schema-form): @rjsf and Ajv are most of a service page's JavaScript.

export { isFormSchema, type FormValues, type SchemaFormHandle } from "./schema-form-types";

export function SchemaForm({
  formRef,
  schema,
  hidden,
  formData,
  onChange,
  extraErrors,
  disabled,
}: {
  formRef: Ref<SchemaFormHandle>;
  schema: RJSFSchema;
  /** Fields Explore fills itself: not asked for. */
  hidden: readonly string[];
  formData: FormValues;
  onChange: (data: FormValues) => void;
  extraErrors: ErrorSchema;
  disabled: boolean;
}) {
  // Kept per schema: rjsf recompiles when its schema prop is a new object.
  const formSchema = useMemo(() => withoutDialect(schema), [schema]);
  const uiSchema: UiSchema = useMemo(() => uiSchemaFor(schema, hidden), [schema, hidden]);
  return (
    <div className="run-schema-form">
      <Form<FormValues, RJSFSchema>
        ref={formRef}
        tagName="div"
        schema={formSchema}
        uiSchema={uiSchema}
        templates={schemaFormTemplates}
        validator={formValidatorFor(schema)}
        formData={formData}
        onChange={(event) => onChange(event.formData ?? {})}
        extraErrors={extraErrors}
        transformErrors={plainFormErrors}
        showErrorList={false}
        noHtml5Validate
        idPrefix="run"
        disabled={disabled}
      >
        {/* The panel has its own buttons. */}
        <></>
      </Form>
    </div>
  );
}
