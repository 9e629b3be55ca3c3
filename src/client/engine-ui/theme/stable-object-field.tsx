import { getDefaultRegistry } from '@rjsf/core';
import { shallowEquals, type FieldProps } from '@rjsf/utils';
import { useState } from 'react';

const DefaultObjectField = getDefaultRegistry().fields.ObjectField!;

/**
 * RJSF's ObjectField, given the same uiSchema object while its contents are the same. RJSF's
 * SchemaField hands every object a fresh copy of its uiSchema on each render; ObjectField builds
 * a callback from it that every property receives, so each keystroke re-rendered all the
 * properties of the step (300 memo checks that all fail). With a stable uiSchema they bail out.
 */
export function StableObjectField(props: FieldProps) {
  const [uiSchema, setUiSchema] = useState(props.uiSchema);
  let current = uiSchema;
  if (!shallowEquals(uiSchema, props.uiSchema)) {
    // Derived state: adopt the new contents (a render-time update, no effect needed).
    setUiSchema(props.uiSchema);
    current = props.uiSchema;
  }
  return <DefaultObjectField {...props} uiSchema={current} />;
}
