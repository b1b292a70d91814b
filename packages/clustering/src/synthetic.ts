import type { Article } from './articles.js';

/**
 * Synthetic headlines for benchmarks and scale tests — NOT real news. Each synthetic event picks
 * an actor, an institution, a topic, a place and a figure from real-looking Spanish and Portuguese
 * vocabulary, and each of its articles renders one of several templates with synonyms, so that
 * headlines of one event share entities but not wording, and neighbouring events share actors or
 * topics (confusable pairs). Event sizes are heavy-tailed; dates spread over `days`.
 */
export interface SyntheticHeadline extends Article {
  id: string;
  title: string;
  outlet: string;
  date: string;
  lang: 'es' | 'pt';
  /** The synthetic event the headline was generated from (gold label). */
  event: string;
}

/** Options of {@link generateSyntheticHeadlines}. */
export interface SyntheticOptions {
  /** Number of headlines. */
  count: number;
  /** PRNG seed (default 7). */
  seed?: number;
  /** Days the publication dates spread over (default 5). */
  days?: number;
  /** First day, ISO date (default 2025-03-01). */
  start?: string;
}

const FIRST_NAMES = ['Pedro', 'Ana', 'Luis', 'Carmen', 'Javier', 'Lucía', 'Gabriel', 'Marta', 'Diego', 'Sofía', 'Andrés', 'Paula', 'Ricardo', 'Elena', 'Jorge', 'Beatriz', 'Fernando', 'Isabel', 'Tomás', 'Valeria', 'João', 'Mariana', 'Rafael', 'Camila', 'Gustavo', 'Renata', 'Sergio', 'Daniela', 'Alberto', 'Teresa', 'Ignacio', 'Rocío', 'Emilio', 'Pilar', 'Hernán', 'Ximena', 'Mauricio', 'Gloria', 'Rodrigo', 'Inés', 'Álvaro', 'Natalia', 'Óscar', 'Claudia', 'Matías', 'Lorena', 'Nicolás', 'Adriana', 'Felipe', 'Verónica', 'Caetano', 'Luana', 'Thiago', 'Bruna', 'Vinícius', 'Larissa', 'Otávio', 'Helena', 'Rui', 'Leonor'];
const SURNAMES = ['Sánchez', 'Moreno', 'Fernández', 'Castillo', 'Herrera', 'Ortega', 'Navarro', 'Ramírez', 'Vargas', 'Mendoza', 'Rojas', 'Silva', 'Costa', 'Pereira', 'Almeida', 'Gutiérrez', 'Salazar', 'Aguirre', 'Campos', 'Ibarra', 'Quiroga', 'Benítez', 'Figueroa', 'Lozano', 'Peña', 'Cabrera', 'Soto', 'Rivas', 'Duarte', 'Paredes', 'Echeverría', 'Villalobos', 'Zamora', 'Cárdenas', 'Montoya', 'Arriaga', 'Bustamante', 'Carvajal', 'Domínguez', 'Escobar', 'Fuentes', 'Galindo', 'Hidalgo', 'Iturbe', 'Jiménez', 'Larrañaga', 'Medina', 'Núñez', 'Olmedo', 'Pacheco', 'Quintana', 'Sepúlveda', 'Tavares', 'Uribe', 'Valdés', 'Barbosa', 'Cavalcanti', 'Magalhães', 'Nogueira', 'Sampaio'];
const ROLES_ES = ['el presidente', 'la ministra de Hacienda', 'el alcalde', 'la gobernadora', 'el fiscal general', 'la líder de la oposición', 'el ministro del Interior', 'la presidenta del Banco Central', 'el senador', 'la jueza', 'el consejero de Sanidad', 'la portavoz del Gobierno', 'el secretario de Estado', 'la diputada', 'el empresario', 'la rectora', 'el sindicalista', 'la embajadora'];
const ROLES_PT = ['o presidente', 'a ministra da Fazenda', 'o prefeito', 'a governadora', 'o procurador-geral', 'a líder da oposição', 'o ministro da Justiça', 'a presidente do Banco Central', 'o senador', 'a juíza', 'o secretário de Saúde', 'a deputada', 'o empresário', 'a reitora', 'o sindicalista'];
const PLACES_ES = ['Madrid', 'Sevilla', 'Valencia', 'Bilbao', 'Zaragoza', 'Málaga', 'Murcia', 'Palma', 'Oviedo', 'Valladolid', 'Ciudad de México', 'Guadalajara', 'Monterrey', 'Puebla', 'Tijuana', 'Mérida', 'Oaxaca', 'Bogotá', 'Medellín', 'Cali', 'Barranquilla', 'Cartagena', 'Lima', 'Arequipa', 'Cusco', 'Trujillo', 'Santiago', 'Valparaíso', 'Concepción', 'Antofagasta', 'Buenos Aires', 'Córdoba', 'Rosario', 'Mendoza', 'Tucumán', 'Montevideo', 'Quito', 'Guayaquil', 'Caracas', 'Maracaibo', 'La Paz', 'Santa Cruz', 'Asunción', 'San José', 'Panamá', 'Tegucigalpa', 'San Salvador', 'Managua', 'Santo Domingo', 'San Juan'];
const PLACES_PT = ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Porto Alegre', 'Recife', 'Salvador', 'Curitiba', 'Brasília', 'Fortaleza', 'Belém', 'Goiânia', 'Campinas', 'Florianópolis', 'Vitória', 'Natal', 'Lisboa', 'Porto', 'Coimbra', 'Braga', 'Faro', 'Manaus', 'Cuiabá'];
const TOPICS_ES: [string, string][] = [
  ['la reforma de las pensiones', 'pensiones'], ['los presupuestos de 2026', 'presupuestos'], ['la subida de los tipos de interés', 'tipos'],
  ['el acuerdo comercial con la Unión Europea', 'acuerdo comercial'], ['la ley de vivienda', 'vivienda'], ['la huelga de transporte', 'huelga'],
  ['el incendio forestal', 'incendio'], ['las inundaciones', 'inundaciones'], ['la crisis del agua', 'sequía'], ['la inflación de los alimentos', 'inflación'],
  ['el caso de corrupción en la obra pública', 'corrupción'], ['las elecciones regionales', 'elecciones'], ['el apagón eléctrico', 'apagón'],
  ['la reforma judicial', 'reforma judicial'], ['el plan de seguridad ciudadana', 'seguridad'], ['la negociación salarial de los médicos', 'médicos'],
  ['el aumento del salario mínimo', 'salario mínimo'], ['la privatización del aeropuerto', 'aeropuerto'], ['el tren de alta velocidad', 'tren'],
  ['la ola de calor', 'calor'], ['el terremoto', 'sismo'], ['la fusión bancaria', 'fusión'], ['la regulación de la inteligencia artificial', 'IA'],
  ['el brote de dengue', 'dengue'], ['la reforma educativa', 'educación'], ['el rescate de la aerolínea', 'aerolínea'], ['la crisis migratoria', 'migración'],
  ['el juicio por fraude fiscal', 'fraude'], ['el precio de la gasolina', 'gasolina'], ['la final de la Copa', 'fútbol'],
];
const TOPICS_PT: [string, string][] = [
  ['a reforma da Previdência', 'Previdência'], ['o Orçamento de 2026', 'Orçamento'], ['a alta dos juros', 'juros'], ['o acordo Mercosul-União Europeia', 'acordo'],
  ['a greve dos metroviários', 'greve'], ['as enchentes', 'enchentes'], ['as queimadas na Amazônia', 'queimadas'], ['a inflação dos alimentos', 'inflação'],
  ['o escândalo de corrupção nas obras', 'corrupção'], ['as eleições municipais', 'eleições'], ['o apagão', 'apagão'], ['o novo salário mínimo', 'salário mínimo'],
  ['a reforma tributária', 'reforma tributária'], ['o surto de dengue', 'dengue'], ['a privatização da Sabesp', 'Sabesp'], ['o preço dos combustíveis', 'combustíveis'],
  ['a final da Libertadores', 'futebol'], ['a onda de calor', 'calor'],
];
const NOUNS_ES = ['contrato', 'planta', 'puerto', 'hospital', 'embalse', 'autopista', 'refinería', 'mina', 'fábrica', 'central', 'cárcel', 'estadio', 'universidad', 'subsidio', 'decreto', 'informe', 'auditoría', 'licitación', 'préstamo', 'fondo', 'gasoducto', 'parque eólico', 'barrio', 'mercado', 'puente', 'túnel', 'colegio', 'museo', 'banco', 'consorcio', 'sindicato', 'cooperativa', 'aeropuerto regional', 'línea de metro', 'vacuna', 'patente', 'satélite', 'buque', 'frontera', 'reserva natural'];
const ADJECTIVES_ES = ['millonario', 'polémico', 'clandestino', 'histórico', 'provisional', 'estatal', 'privado', 'paralizado', 'abandonado', 'récord', 'fallido', 'secreto', 'nuevo', 'ampliado', 'suspendido', 'bloqueado', 'regional', 'internacional', 'municipal', 'urgente'];
const NOUNS_PT = ['contrato', 'usina', 'porto', 'hospital', 'barragem', 'rodovia', 'refinaria', 'mina', 'fábrica', 'presídio', 'estádio', 'universidade', 'subsídio', 'decreto', 'relatório', 'auditoria', 'licitação', 'empréstimo', 'fundo', 'gasoduto', 'parque eólico', 'bairro', 'mercado', 'ponte', 'túnel', 'escola', 'museu', 'consórcio', 'sindicato', 'linha de metrô', 'vacina', 'satélite', 'navio', 'fronteira', 'reserva'];
const ADJECTIVES_PT = ['milionário', 'polêmico', 'clandestino', 'histórico', 'provisório', 'estatal', 'privado', 'paralisado', 'abandonado', 'recorde', 'fracassado', 'secreto', 'novo', 'ampliado', 'suspenso', 'bloqueado', 'regional', 'internacional', 'municipal', 'urgente'];
const OUTLETS_ES = ['El País', 'El Mundo', 'ABC', 'La Vanguardia', 'El Universal', 'Reforma', 'Milenio', 'El Tiempo', 'El Espectador', 'La Nación', 'Clarín', 'Página/12', 'El Comercio', 'La República', 'El Mercurio', 'La Tercera', 'elDiario.es', 'Infobae'];
const OUTLETS_PT = ['Folha de S. Paulo', 'O Globo', 'O Estado de S. Paulo', 'Valor Econômico', 'Público', 'Expresso', 'Jornal de Notícias', 'Correio da Manhã', 'UOL', 'G1'];
const VERBS_ES = [['anuncia', 'presenta', 'lanza'], ['rechaza', 'frena', 'bloquea'], ['aprueba', 'da luz verde a', 'respalda'], ['critica', 'carga contra', 'arremete contra'], ['investiga', 'abre una investigación sobre', 'indaga'], ['suspende', 'paraliza', 'congela'], ['defiende', 'justifica', 'sale en defensa de']];
const VERBS_PT = [['anuncia', 'apresenta', 'lança'], ['rejeita', 'barra', 'trava'], ['aprova', 'dá aval a', 'apoia'], ['critica', 'ataca', 'contesta'], ['investiga', 'abre investigação sobre', 'apura'], ['suspende', 'paralisa', 'congela'], ['defende', 'justifica', 'sai em defesa de']];
const INSTITUTIONS_ES = ['el Congreso', 'el Senado', 'el Tribunal Supremo', 'la Fiscalía', 'el Banco Central', 'el Gobierno', 'la oposición', 'los sindicatos', 'la patronal', 'la Contraloría', 'el Defensor del Pueblo', 'la Corte Constitucional'];
const INSTITUTIONS_PT = ['o Congresso', 'o Senado', 'o STF', 'a Procuradoria', 'o Banco Central', 'o governo', 'a oposição', 'os sindicatos', 'o Centrão', 'o TCU', 'a Polícia Federal'];

const SURNAME_STEMS = ['Alca', 'Bermu', 'Carra', 'Echa', 'Gari', 'Lasca', 'Mondra', 'Olaza', 'Pala', 'Quinta', 'Riba', 'Sando', 'Tabe', 'Urqui', 'Valde', 'Zubi', 'Arre', 'Bece', 'Cifu', 'Larra', 'Mague', 'Norie', 'Otei', 'Perla', 'Sarmi', 'Tovi', 'Villa', 'Ybarra', 'Cerda', 'Goico', 'Montal', 'Esca', 'Fonse', 'Guzmá', 'Henao', 'Jara', 'Lugo', 'Mace', 'Orte', 'Pimen'];
const SURNAME_ENDINGS = ['rraz', 'dez', 'bal', 'varría', 'cía', 'no', 'gón', 'rán', 'cios', 'nilla', 'lta', 'ndo', 'rete', 'ja', 'lbo', 'rrieta', 'ndía', 'mendi', 'tegui', 'zal', 'vedo', 'nares', 'lino', 'reda', 'sta', 'ñez', 'quer', 'llo', 'ntes', 'ria'];
const SYLLABLES = ['ba', 'ter', 'lo', 'vix', 'ran', 'del', 'qui', 'sa', 'mor', 'ten', 'pa', 'zu', 'ca', 'lin', 'dro', 'fe', 'gar', 'no', 'ri', 'mes', 'tal', 'vo', 'cor', 'bel', 'sin', 'ta', 'ro', 'mi', 'xa', 'lu', 'per', 'go', 'ven', 'di', 'ras', 'ol', 'ma', 'tri', 'zen', 'ca', 'pol', 'ne', 'gu', 'var', 'si', 'len', 'do', 'bra'];
const COMPANY_KINDS_ES = ['Grupo', 'Constructora', 'Banco', 'Minera', 'Farmacéutica', 'Aerolínea', 'Eléctrica', 'Inmobiliaria', 'Fundación', 'Consultora'];
const COMPANY_KINDS_PT = ['Grupo', 'Construtora', 'Banco', 'Mineradora', 'Farmacêutica', 'Companhia aérea', 'Elétrica', 'Incorporadora', 'Fundação', 'Consultoria'];
const CONNECTORS_ES = ['en', 'tras', 'por', 'ante', 'con', 'sin', 'pese a', 'frente a', 'según', 'junto a', 'contra', 'para'];
const CONNECTORS_PT = ['em', 'após', 'por', 'diante de', 'com', 'sem', 'apesar de', 'segundo', 'junto a', 'contra', 'para'];
const KICKERS_ES = ['Última hora', 'Exclusiva', 'Análisis', 'En directo', 'Crónica', 'Claves', 'Polémica', 'Investigación'];
const KICKERS_PT = ['Urgente', 'Exclusivo', 'Análise', 'Ao vivo', 'Entenda', 'Polêmica', 'Investigação'];

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Generates `count` synthetic headlines (see {@link SyntheticHeadline}); deterministic for a seed.
 * Ids are `syn-000001`…, in generation order.
 *
 * @example
 * const headlines = generateSyntheticHeadlines({ count: 20_000 });
 */
export function generateSyntheticHeadlines(options: SyntheticOptions): SyntheticHeadline[] {
  const random = mulberry32(options.seed ?? 7);
  const pick = <Item>(items: readonly Item[]): Item => items[Math.floor(random() * items.length)]!;
  const days = options.days ?? 5;
  const start = Date.parse(options.start ?? '2025-03-01');
  const headlines: SyntheticHeadline[] = [];
  let eventNumber = 0;
  while (headlines.length < options.count) {
    eventNumber += 1;
    const portuguese = random() < 0.35;
    const surname = (): string => (random() < 0.3 ? pick(SURNAMES) : `${pick(SURNAME_STEMS)}${pick(SURNAME_ENDINGS)}`);
    const actor = `${pick(FIRST_NAMES)} ${surname()}`;
    const role = pick(portuguese ? ROLES_PT : ROLES_ES);
    const place = pick(portuguese ? PLACES_PT : PLACES_ES);
    const [topic, shortTopic] = pick(portuguese ? TOPICS_PT : TOPICS_ES);
    const verbs = pick(portuguese ? VERBS_PT : VERBS_ES);
    const institution = pick(portuguese ? INSTITUTIONS_PT : INSTITUTIONS_ES);
    const figure = 2 + Math.floor(random() * 480);
    // Event-specific proper nouns (a company, a case, a district), as real events have their own.
    const coined = (): string => {
      const syllables = 2 + Math.floor(random() * 2);
      let word = '';
      for (let index = 0; index < syllables; index += 1) word += pick(SYLLABLES);
      return capitalise(word);
    };
    const company = `${pick(portuguese ? COMPANY_KINDS_PT : COMPANY_KINDS_ES)} ${coined()}`;
    const caseName = `${portuguese ? 'caso' : 'caso'} ${coined()}`;
    const district = coined();
    const detail = `${portuguese ? pick(NOUNS_PT) : pick(NOUNS_ES)} ${pick(portuguese ? ADJECTIVES_PT : ADJECTIVES_ES)} de ${pick([company, district])}`;
    const secondActor = `${pick(FIRST_NAMES)} ${surname()}`;
    const eventStart = start + random() * days * 86_400_000;
    // Heavy-tailed size: most events have 1–4 articles, a few dozens.
    const size = Math.min(options.count - headlines.length, Math.max(1, Math.floor(1 / (0.04 + random() * 0.96) ** 1.1)));
    const templates = portuguese
      ? [
          () => `${capitalise(caseName)}: ${actor} ${pick(verbs)} ${company}`,
          () => `${company} ${pick(verbs)} ${topic} em ${district}`,
          () => `${capitalise(institution)} ${pick(verbs)} ${caseName} ${pick(CONNECTORS_PT)} ${place}`,
          () => `${actor} ${pick(verbs)} ${detail} em ${place}`,
          () => `${capitalise(role)} ${actor} ${pick(verbs)} ${topic}`,
          () => `${capitalise(institution)} ${pick(verbs)} ${detail} de ${secondActor}`,
          () => `${capitalise(shortTopic)}: ${actor} e ${secondActor} discutem ${detail}`,
          () => `${place}: ${figure} mil afetados por ${topic}`,
          () => `Por que ${actor} ${pick(verbs)} o ${detail}?`,
          () => `${secondActor} ${pick(verbs)} ${topic} ${pick(CONNECTORS_PT)} ${place}`,
          () => `${pick(KICKERS_PT)}: ${actor} ${pick(verbs)} ${shortTopic}`,
          () => `${capitalise(detail)} ${pick(CONNECTORS_PT)} ${place} ${pick(verbs)} ${institution}`,
        ]
      : [
          () => `${capitalise(caseName)}: ${actor} ${pick(verbs)} ${company}`,
          () => `${company} ${pick(verbs)} ${topic} en ${district}`,
          () => `${capitalise(institution)} ${pick(verbs)} el ${caseName} ${pick(CONNECTORS_ES)} ${place}`,
          () => `${actor} ${pick(verbs)} el ${detail} en ${place}`,
          () => `${capitalise(role)} ${actor} ${pick(verbs)} ${topic}`,
          () => `${capitalise(institution)} ${pick(verbs)} el ${detail} de ${secondActor}`,
          () => `${capitalise(shortTopic)}: ${actor} y ${secondActor} negocian el ${detail}`,
          () => `${place}: ${figure} mil afectados por ${topic}`,
          () => `¿Por qué ${actor} ${pick(verbs)} el ${detail}?`,
          () => `${secondActor} ${pick(verbs)} ${topic} ${pick(CONNECTORS_ES)} ${place}`,
          () => `${pick(KICKERS_ES)}: ${actor} ${pick(verbs)} ${shortTopic}`,
          () => `El ${detail} ${pick(CONNECTORS_ES)} ${place}: ${institution} ${pick(verbs)} ${topic}`,
        ];
    for (let article = 0; article < size; article += 1) {
      const id = `syn-${String(headlines.length + 1).padStart(6, '0')}`;
      const time = eventStart + random() * 30 * 3_600_000;
      headlines.push({
        id,
        title: pick(templates)().replace(/\s+/g, ' '),
        outlet: pick(portuguese ? OUTLETS_PT : OUTLETS_ES),
        date: new Date(Math.round(time / 60_000) * 60_000).toISOString(),
        lang: portuguese ? 'pt' : 'es',
        event: `event-${eventNumber}`,
      });
    }
  }
  return headlines;
}
