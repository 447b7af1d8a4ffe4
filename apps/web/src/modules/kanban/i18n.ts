const pt = {};

const en: typeof pt = {};

const es: typeof pt = {};

export { en, es, pt };
