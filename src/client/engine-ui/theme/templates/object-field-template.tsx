import type { ObjectFieldTemplateProps, ObjectFieldTemplatePropertyType } from '@rjsf/utils';
import type { ReactElement } from 'react';
import { isFieldShown, type Answers } from '#engine';
import { compiledFieldOf, engineContext } from '../../context';
import * as styles from '../theme.css';

function visibleContent(
  props: ObjectFieldTemplateProps,
  property: ObjectFieldTemplatePropertyType,
): ReactElement | null {
  const ui = props.uiSchema?.[property.name] as { 'ui:options'?: Record<string, unknown> } | undefined;
  const field = compiledFieldOf(ui?.['ui:options']);
  const shown = !field || isFieldShown(field, props.formData as Answers | undefined);
  return property.hidden || !shown ? null : property.content;
}

/**
 * The step (root object): its heading, then each section's heading (h2), description and
 * questions. A conditional question (`showIf`) is left out while its condition does not hold on
 * the current answers; its answer is pruned on Continue. Nested objects (group items) list their
 * visible questions.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, fieldPathId, registry } = props;
  const ctx = engineContext(registry);
  if (fieldPathId.path.length > 0 || !ctx?.step) {
    return <>{properties.map((property) => visibleContent(props, property))}</>;
  }
  const byName = new Map(properties.map((p) => [p.name, p]));
  const placed = new Set<string>();
  const headingId = `${ctx.idPrefix}-heading`;
  return (
    <>
      {ctx.heading ? (
        <h1 id={headingId} className={styles.pageHeading} tabIndex={-1}>
          {ctx.heading}
        </h1>
      ) : null}
      {ctx.step.sections.map((section) => {
        const titled = section.title !== ctx.heading;
        return (
          <div key={section.id} className={styles.section} data-section={section.id}>
            {titled ? <h2 className={styles.sectionHeading}>{section.title}</h2> : null}
            {section.description ? <p className={styles.sectionDescription}>{section.description}</p> : null}
            {section.fields.map((field) => {
              const property = byName.get(field.id);
              if (!property) return null;
              placed.add(field.id);
              return visibleContent(props, property);
            })}
          </div>
        );
      })}
      {properties.filter((p) => !placed.has(p.name)).map((property) => visibleContent(props, property))}
    </>
  );
}
