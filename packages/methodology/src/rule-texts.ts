/**
 * The catalogue's rule texts in the readers' languages (Spanish and Brazilian Portuguese): the
 * title and the statement of every rule of {@link ruleCatalogue}, translated from the English
 * statement, which stays the API's text. The seeds the rules come from are Spanish and Portuguese
 * originals; the wording follows them where they say it. Plain text only (no markup): the site
 * renders these as text. A test holds every catalogued rule to having both, and every number of
 * the English statement to appearing in each translation, so a changed threshold cannot leave a
 * stale translation behind.
 */

/** A rule's title and statement in one language. */
export interface RuleText {
  title: string;
  statement: string;
}

/** A rule's texts in the site's two languages. */
export type RuleTexts = { es: RuleText; 'pt-BR': RuleText };

/** The catalogue's section headings (RULES.md sections) in both languages, by their English heading. */
export const RULE_SECTION_TEXTS: Record<string, { es: string; 'pt-BR': string }> = {
  '1. Outlet rating funnel': {
    es: '1. Embudo de calificación de medios',
    'pt-BR': '1. Funil de classificação de veículos',
  },
  '1. Outlet rating funnel — content bucket (§4 mapping)': {
    es: '1. Embudo de calificación — sesgo por contenido (correspondencia del §4)',
    'pt-BR': '1. Funil de classificação — viés pelo conteúdo (correspondência do §4)',
  },
  '1. Outlet rating funnel — content metrics and factuality (§4 counting, Espectro choices)': {
    es: '1. Embudo de calificación — métricas de contenido y factualidad (conteo del §4, elecciones de Espectro)',
    'pt-BR': '1. Funil de classificação — métricas de conteúdo e factualidade (contagem do §4, escolhas do Espectro)',
  },
  '2. Brazilian article and outlet tendency': {
    es: '2. Tendencia de artículos y medios brasileños',
    'pt-BR': '2. Tendência de matérias e veículos brasileiros',
  },
  '3. Story coverage, tiers, publish guard': {
    es: '3. Cobertura de historias, niveles y control de publicación',
    'pt-BR': '3. Cobertura das histórias, níveis e controle de publicação',
  },
  '4. Blindspots': { es: '4. Puntos ciegos', 'pt-BR': '4. Pontos cegos' },
  '5. Synthesis': { es: '5. Síntesis', 'pt-BR': '5. Síntese' },
  '6. Clustering': { es: '6. Agrupación de titulares', 'pt-BR': '6. Agrupamento de manchetes' },
  '7. Debate fact-checking': { es: '7. Chequeo de debates', 'pt-BR': '7. Checagem de debates' },
  '8. Contestations and audit': { es: '8. Impugnaciones y auditoría', 'pt-BR': '8. Contestações e auditoria' },
  '9. Headline classifier and its validation': {
    es: '9. Clasificador de titulares y su validación',
    'pt-BR': '9. Classificador de manchetes e sua validação',
  },
};

const text = (esTitle: string, es: string, ptTitle: string, pt: string): RuleTexts => ({
  es: { title: esTitle, statement: es },
  'pt-BR': { title: ptTitle, statement: pt },
});

/** Every catalogued rule's texts, by rule ID. */
export const RULE_TEXTS: Record<string, RuleTexts> = {
  'FUN-0': text(
    'Los medios no políticos no tienen sesgo',
    'Alcance no político: el sesgo es nulo para siempre y el embudo de sesgo no corre (sin regla de propiedad aplicada, sin CONF-SPLIT ni CONF-CHANGE, sin los controles de entrada de FUN-3); la factualidad sigue FAC-1; la confianza es baja sin ninguna evaluación de factualidad y media en otro caso.',
    'Veículos não políticos não têm viés',
    'Escopo não político: o viés é nulo para sempre e o funil de viés não roda (sem regra de propriedade aplicada, sem CONF-SPLIT nem CONF-CHANGE, sem os controles de entrada da FUN-3); a factualidade segue a FAC-1; a confiança é baixa sem nenhuma avaliação de factualidade e média nos demais casos.',
  ),
  'FUN-1': text(
    'Voto académico',
    'El voto académico cuenta solo si hay un sesgo académico y al menos una fuente fechada dentro de los 5 años anteriores a la fecha de la calificación (inclusive; el 29 de febrero menos años enteros es el 28 de febrero). Las fuentes más antiguas son solo contexto. Una fuente con fecha posterior a la calificación es un error de entrada.',
    'Voto acadêmico',
    'O voto acadêmico conta só se há um viés acadêmico e pelo menos uma fonte datada nos 5 anos anteriores à data da classificação (inclusive; 29 de fevereiro menos anos inteiros é 28 de fevereiro). Fontes mais antigas são só contexto. Uma fonte com data posterior à classificação é um erro de entrada.',
  ),
  'FUN-2': text(
    'Voto por contenido',
    'El voto por contenido cuenta solo si la muestra tiene al menos 20 artículos y el sesgo por contenido es izquierda, centro o derecha (no inconcluso, nulo ni ausente).',
    'Voto pelo conteúdo',
    'O voto pelo conteúdo conta só se a amostra tem pelo menos 20 matérias e o viés pelo conteúdo é esquerda, centro ou direita (não inconclusivo, nulo nem ausente).',
  ),
  'FUN-3': text(
    'Reglas de propiedad R1–R4',
    'R1: régimen autoritario y propietario radiodifusor estatal o público, medio capturado por el Estado o partido político → el sesgo previo es el del régimen. R2: radiodifusor estatal o público fuera de regímenes autoritarios (híbridos incluidos) → sin voto de propiedad. R3: partido político fuera de regímenes autoritarios → voto de propiedad = sesgo del partido. R4: conglomerado empresarial en todo régimen → sin voto de propiedad. Otros tipos de propietario → sin voto y sin regla aplicada. Para un medio político, R1 sin sesgo del régimen o R3 sin sesgo del partido es un error de entrada.',
    'Regras de propriedade R1–R4',
    'R1: regime autoritário e proprietário emissora estatal ou pública, veículo capturado pelo Estado ou partido político → o viés prévio é o do regime. R2: emissora estatal ou pública fora de regimes autoritários (híbridos incluídos) → sem voto de propriedade. R3: partido político fora de regimes autoritários → voto de propriedade = viés do partido. R4: conglomerado empresarial em todo regime → sem voto de propriedade. Outros tipos de proprietário → sem voto e sem regra aplicada. Para um veículo político, R1 sem viés do regime ou R3 sem viés do partido é um erro de entrada.',
  ),
  'FUN-4': text(
    'Combinación de los votos (fuera de R1)',
    'Votos V = {propiedad por R3, académico, contenido}. Sin votos (|V| = 0) → sesgo nulo, confianza baja, marca «sin señal». Todos coinciden → ese sesgo (con 3 votos, CONF-H decide entre alta y media; con 2 votos, media). 3 votos con 2 coincidentes → la mayoría, confianza media. En otro caso (2 que discrepan, 3 todos distintos, un solo voto: |V| = 1) → el contenido si es válido, si no el académico, si no el voto de propiedad por R3; confianza baja. La discrepancia lista cada voto válido (en orden propiedad, académico, contenido) distinto del sesgo final [lectura: en todos los casos, no solo en 2 de 3].',
    'Combinação dos votos (fora da R1)',
    'Votos V = {propriedade pela R3, acadêmico, conteúdo}. Sem votos (|V| = 0) → viés nulo, confiança baixa, marca «sem sinal». Todos concordam → esse viés (com 3 votos, a CONF-H decide entre alta e média; com 2 votos, média). 3 votos com 2 concordantes → a maioria, confiança média. Nos demais casos (2 que discordam, 3 todos diferentes, um só voto: |V| = 1) → o conteúdo se válido, senão o acadêmico, senão o voto de propriedade pela R3; confiança baixa. A discordância lista cada voto válido (na ordem propriedade, acadêmico, conteúdo) diferente do viés final [leitura: em todos os casos, não só em 2 de 3].',
  ),
  'FUN-5': text(
    'Límite de R3',
    'Bajo R3 el sesgo final es el del partido o el centro. Cualquier otro resultado pasa a centro, y el centro se mantiene solo cuando el voto válido por contenido es centro con una muestra de al menos 30 artículos; si no, queda el sesgo del partido. Solo cambia el sesgo (con la marca «limitado por R3» cuando cambia); la confianza queda como la calculó FUN-4.',
    'Limite da R3',
    'Sob a R3 o viés final é o do partido ou o centro. Qualquer outro resultado vira centro, e o centro só se mantém quando o voto válido pelo conteúdo é centro com uma amostra de pelo menos 30 matérias; senão, fica o viés do partido. Só o viés muda (com a marca «limitado pela R3» quando muda); a confiança fica como a FUN-4 calculou.',
  ),
  'FUN-6': text(
    'Sesgo previo de R1 y cuándo se anula',
    'Bajo R1 el sesgo es el del régimen salvo que: el voto por contenido sea válido (después de CONF-CHANGE), la muestra tenga al menos 30 artículos, la ventana del contenido tenga fecha de inicio y empiece como mucho 90 días antes de la calificación (explícita y reciente), el contenido difiera del previo, el sesgo académico sea igual al del contenido y al menos una fuente académica sea primaria, nacional y de los últimos 5 años; entonces el sesgo es el del contenido (marca «contenido anula R1»). Confianza: baja sin voto válido por contenido; si no, FUN-4 (y CONF-H) sobre {previo, académico si es un voto válido según FUN-1, contenido}, aun cuando el sesgo sea el previo derrotado en la votación.',
    'Viés prévio da R1 e quando é anulado',
    'Sob a R1 o viés é o do regime, salvo se: o voto pelo conteúdo for válido (depois da CONF-CHANGE), a amostra tiver pelo menos 30 matérias, a janela do conteúdo tiver data de início e começar no máximo 90 dias antes da classificação (explícita e recente), o conteúdo diferir do prévio, o viés acadêmico for igual ao do conteúdo e pelo menos uma fonte acadêmica for primária, nacional e dos últimos 5 anos; então o viés é o do conteúdo (marca «conteúdo anula a R1»). Confiança: baixa sem voto válido pelo conteúdo; senão, FUN-4 (e CONF-H) sobre {prévio, acadêmico se for um voto válido pela FUN-1, conteúdo}, mesmo quando o viés é o prévio derrotado na votação.',
  ),
  'CONF-H': text(
    'Confianza alta',
    'Tres votos válidos coincidentes dan confianza alta solo con una fuente académica (de cualquier peso) fechada estrictamente menos de 2 años antes de la calificación y una muestra de contenido de al menos 30 artículos; si no, media. Una fuente de exactamente 2 años da media. Por eso la confianza alta solo se alcanza bajo R1 o R3, las reglas que aportan un tercer voto.',
    'Confiança alta',
    'Três votos válidos concordantes dão confiança alta só com uma fonte acadêmica (de qualquer peso) datada estritamente menos de 2 anos antes da classificação e uma amostra de conteúdo de pelo menos 30 matérias; senão, média. Uma fonte de exatamente 2 anos dá média. Por isso a confiança alta só é alcançada sob a R1 ou a R3, as regras que trazem um terceiro voto.',
  ),
  'CONF-SPLIT': text(
    'Medios divididos',
    'Si el sesgo de las noticias y el de la opinión están ambos presentes y difieren → marca «medio dividido» y la confianza baja un nivel (alta → media → baja), aunque el voto por contenido no sea válido. Orden: confianza del sesgo → descenso por división → CONF-CAP.',
    'Veículos divididos',
    'Se o viés do noticiário e o da opinião estão ambos presentes e diferem → marca «veículo dividido» e a confiança desce um nível (alta → média → baixa), mesmo que o voto pelo conteúdo não seja válido. Ordem: confiança do viés → rebaixamento pela divisão → CONF-CAP.',
  ),
  'CONF-CHANGE': text(
    'Cambio reciente de control',
    'Con análisis de contenido y un cambio de control dentro de los 18 meses anteriores a la calificación (inclusive): una ventana de análisis que empieza antes del cambio, o sin fecha de inicio, anula el voto por contenido (marca «contenido anterior al cambio de control»); una ventana que empieza el día del cambio o después, con menos de 20 artículos, fuerza la confianza baja (marca «muestra insuficiente tras el cambio»). [Lectura: sin análisis de contenido CONF-CHANGE no se activa.] Un cambio con fecha posterior a la calificación es un error de entrada.',
    'Mudança recente de controle',
    'Com análise de conteúdo e uma mudança de controle nos 18 meses anteriores à classificação (inclusive): uma janela de análise que começa antes da mudança, ou sem data de início, anula o voto pelo conteúdo (marca «conteúdo anterior à mudança de controle»); uma janela que começa no dia da mudança ou depois, com menos de 20 matérias, força a confiança baixa (marca «amostra insuficiente após a mudança»). [Leitura: sem análise de conteúdo a CONF-CHANGE não dispara.] Uma mudança com data posterior à classificação é um erro de entrada.',
  ),
  'CONF-CAP': text(
    'Confianza limitada por la evidencia de factualidad',
    'Confianza final = la menor entre la confianza del sesgo (después de CONF-SPLIT) y el límite de FAC-2. La traza menciona CONF-CAP solo cuando el límite la bajó.',
    'Confiança limitada pela evidência de factualidade',
    'Confiança final = a menor entre a confiança do viés (depois da CONF-SPLIT) e o limite da FAC-2. O rastro menciona a CONF-CAP só quando o limite a baixou.',
  ),
  PRELIM: text(
    'Registro de calificación preliminar',
    'Un medio ya ingresado que aún no pasó por el embudo: sesgo nulo, confianza preliminar, evidencia {estado pendiente, motivo, fecha de ingreso}. Nunca es el resultado del embudo; un medio preliminar con sesgo cuenta en la cobertura como cualquier otro.',
    'Registro de classificação preliminar',
    'Um veículo já ingressado que ainda não passou pelo funil: viés nulo, confiança preliminar, evidência {estado pendente, motivo, data de ingresso}. Nunca é o resultado do funil; um veículo preliminar com viés conta na cobertura como qualquer outro.',
  ),
  'FAC-1': text(
    'Mediana de factualidad',
    'Factualidad = mediana de las evaluaciones presentes (académica, de contenido) en la escala muy baja < baja < mixta < alta < muy alta; una mediana a medio paso se redondea hacia mixta (muy alta + alta → alta, alta + mixta → mixta, muy alta + baja → mixta, baja + muy baja → baja). Ninguna → mixta. Una evaluación cuenta siempre que exista, sea cual sea la validez de su voto de sesgo.',
    'Mediana de factualidade',
    'Factualidade = mediana das avaliações presentes (acadêmica, de conteúdo) na escala muito baixa < baixa < mista < alta < muito alta; uma mediana a meio passo é arredondada em direção a mista (muito alta + alta → alta, alta + mista → mista, muito alta + baixa → mista, baixa + muito baixa → baixa). Nenhuma → mista. Uma avaliação conta sempre que existe, seja qual for a validade do seu voto de viés.',
  ),
  'FAC-2': text(
    'Límite de confianza por factualidad',
    '0 evaluaciones de factualidad → confianza a lo sumo baja; 1 → a lo sumo media; 2 → sin límite.',
    'Limite de confiança pela factualidade',
    '0 avaliações de factualidade → confiança no máximo baixa; 1 → no máximo média; 2 → sem limite.',
  ),
  'REV-1': text(
    'Cadencia y disparadores de la reevaluación',
    'Corresponde reevaluar cuando: la última revisión fue hace 180 días o más (cadencia); un cambio de propiedad, de régimen o una nueva evaluación académica primaria tiene fecha estrictamente posterior a la última revisión; o el sesgo por contenido de los últimos 30 días difirió del guardado en cada uno de los últimos 14 días consecutivos o más. Fechas posteriores a la calificación son errores de entrada.',
    'Cadência e gatilhos da reavaliação',
    'Cabe reavaliar quando: a última revisão foi há 180 dias ou mais (cadência); uma mudança de propriedade, de regime ou uma nova avaliação acadêmica primária tem data estritamente posterior à última revisão; ou o viés pelo conteúdo dos últimos 30 dias diferiu do armazenado em cada um dos últimos 14 dias consecutivos ou mais. Datas posteriores à classificação são erros de entrada.',
  ),
  'REV-2': text(
    'Cadencia de los medios preliminares',
    'Un análisis de contenido que dio un sesgo asciende el medio a confianza baja con ese sesgo. Si no, más de 60 días como preliminar → necesita revisión. Si no, 20 artículos o más y ningún análisis concluyente (ninguno, o muestra insuficiente) → corresponde el análisis de contenido, atrasado después del día 30 [lectura: sigue pendiente hasta el día 60]. Si no, esperar (menos de 20 artículos, o un análisis inconcluso).',
    'Cadência dos veículos preliminares',
    'Uma análise de conteúdo que deu um viés promove o veículo a confiança baixa com esse viés. Senão, mais de 60 dias como preliminar → precisa de revisão. Senão, 20 matérias ou mais e nenhuma análise conclusiva (nenhuma, ou amostra insuficiente) → cabe a análise de conteúdo, atrasada depois do dia 30 [leitura: fica pendente até o dia 60]. Senão, esperar (menos de 20 matérias, ou uma análise inconclusiva).',
  ),
  VER: text(
    'Sello de versión y traza',
    'Cada calificación lleva la versión de la metodología y el embudo devuelve la traza: los identificadores de las reglas que se activaron, en orden de evaluación: FUN-3? FUN-1? FUN-2? CONF-CHANGE? (FUN-4 | FUN-6) CONF-H? FUN-5? CONF-SPLIT? FAC-1 FAC-2 CONF-CAP? VER; para un medio no político: FUN-0 FAC-1 FAC-2 VER.',
    'Selo de versão e rastro',
    'Cada classificação leva a versão da metodologia e o funil devolve o rastro: os identificadores das regras que dispararam, em ordem de avaliação: FUN-3? FUN-1? FUN-2? CONF-CHANGE? (FUN-4 | FUN-6) CONF-H? FUN-5? CONF-SPLIT? FAC-1 FAC-2 CONF-CAP? VER; para um veículo não político: FUN-0 FAC-1 FAC-2 VER.',
  ),
  'EVID-1': text(
    'Cada calificación se reproduce desde su registro de evidencia',
    'El registro de evidencia guardado (el JSON de la semilla 002 con propiedad, fuentes académicas, búsquedas sin resultado y contenido, o un estado pendiente) se traduce a la entrada del embudo campo por campo: alcance editorial; de la propiedad, el tipo de propietario, el régimen del país, el financiamiento, el año del régimen, el sesgo del régimen, el del partido y el último cambio de control (la última entrada de la historia de propiedad con cambio de control en o antes de la fecha); las fuentes académicas fechadas en o antes de la fecha, con el sesgo y la factualidad de la evaluación académica; del contenido, el tamaño de la muestra, el inicio de la ventana y, salvo muestra insuficiente, el sesgo y la factualidad del contenido y los sesgos de noticias y opinión. No se lee nada más. El embudo aplicado a esa entrada debe dar la calificación guardada (lo comprueba la verificación de calificaciones).',
    'Cada classificação é reproduzida a partir do seu registro de evidência',
    'O registro de evidência armazenado (o JSON da semente 002 com propriedade, fontes acadêmicas, buscas sem resultado e conteúdo, ou um estado pendente) é traduzido para a entrada do funil campo a campo: escopo editorial; da propriedade, o tipo de proprietário, o regime do país, o financiamento, o ano do regime, o viés do regime, o do partido e a última mudança de controle (a última entrada do histórico de propriedade com mudança de controle na data ou antes dela); as fontes acadêmicas datadas na data ou antes, com o viés e a factualidade da avaliação acadêmica; do conteúdo, o tamanho da amostra, o início da janela e, salvo amostra insuficiente, o viés e a factualidade do conteúdo e os vieses do noticiário e da opinião. Nada mais é lido. O funil aplicado a essa entrada deve dar a classificação armazenada (a verificação de classificações confere).',
  ),
  'CB-0': text(
    'Muestra de contenido demasiado pequeña',
    'Muestra de menos de 20 artículos → insuficiente.',
    'Amostra de conteúdo pequena demais',
    'Amostra de menos de 20 matérias → insuficiente.',
  ),
  'CB-1': text(
    'Indicadores de contenido',
    'Indicadores de izquierda: (gobierno de izquierda y razón gobierno/oposición > 1.5) o (gobierno de derecha y razón < 0.6); inclinación hacia figuras ≥ 0.2; proporción progresista de los temas con posición ≥ 60 % (los mixtos cuentan en el denominador; 100·progresistas ≥ 60·con posición); citas de izquierda ≥ 0.55. Lo simétrico para la derecha. Inclinación hacia figuras = (media de favorable − crítica sobre las figuras de izquierda − media sobre las de derecha)/2, nula sin figuras de ambos lados; las figuras de centro no cuentan. Una razón con gobierno de centro está disponible pero no indica lado; los temas están disponibles con al menos 1 entrada con posición. Los umbrales reales tienen una tolerancia de 1e-9. Errores de entrada: favorable + crítica > 1, proporciones de citas que suman más de 1.',
    'Indicadores de conteúdo',
    'Indicadores de esquerda: (governo de esquerda e razão governo/oposição > 1.5) ou (governo de direita e razão < 0.6); inclinação pelas figuras ≥ 0.2; proporção progressista dos temas com posição ≥ 60 % (os mistos contam no denominador; 100·progressistas ≥ 60·com posição); citações de esquerda ≥ 0.55. O simétrico para a direita. Inclinação pelas figuras = (média de favorável − crítica sobre as figuras de esquerda − média sobre as de direita)/2, nula sem figuras dos dois lados; as figuras de centro não contam. Uma razão com governo de centro está disponível mas não indica lado; os temas estão disponíveis com pelo menos 1 entrada com posição. Os limiares reais têm uma tolerância de 1e-9. Erros de entrada: favorável + crítica > 1, proporções de citações que somam mais de 1.',
  ),
  'CB-2': text(
    'Decisión del sesgo por contenido',
    'Menos de 2 métricas disponibles → inconcluso; 2 o más indicadores de izquierda y 2 o más de derecha → inconcluso; 2 o más de izquierda → izquierda; 2 o más de derecha → derecha; si no, centro. La diversidad de temas sola nunca da centro.',
    'Decisão do viés pelo conteúdo',
    'Menos de 2 métricas disponíveis → inconclusivo; 2 ou mais indicadores de esquerda e 2 ou mais de direita → inconclusivo; 2 ou mais de esquerda → esquerda; 2 ou mais de direita → direita; senão, centro. A diversidade de temas sozinha nunca dá centro.',
  ),
  'CM-1': text(
    'Razón gobierno / oposición de los artículos con encuadre',
    '[Elección de Espectro; RULES.md no le da identificador.] Entre los artículos políticamente relevantes, gobierno = encuadre favorable al gobierno, oposición = encuadre favorable a la oposición (los neutros quedan fuera). Gobierno + oposición < 5 → no hay razón (el indicador de CB-1 no está disponible); si no, razón = (gobierno + 0.5) / (oposición + 0.5).',
    'Razão governo / oposição das matérias com enquadramento',
    '[Escolha do Espectro; o RULES.md não lhe dá identificador.] Entre as matérias politicamente relevantes, governo = enquadramento favorável ao governo, oposição = enquadramento favorável à oposição (as neutras ficam de fora). Governo + oposição < 5 → não há razão (o indicador da CB-1 não está disponível); senão, razão = (governo + 0.5) / (oposição + 0.5).',
  ),
  'CM-2': text(
    'Figuras contadas para el sentimiento',
    '[Elección de Espectro; RULES.md no le da identificador.] Una figura del mapa cuenta solo con al menos 3 artículos con sentimiento (favorable, neutro o crítico) hacia ella; sus proporciones para CB-1 son favorables / artículos y críticos / artículos. Con menos artículos la figura queda fuera.',
    'Figuras contadas para o sentimento',
    '[Escolha do Espectro; o RULES.md não lhe dá identificador.] Uma figura do mapa conta só com pelo menos 3 matérias com sentimento (favorável, neutro ou crítico) em relação a ela; suas proporções para a CB-1 são favoráveis / matérias e críticas / matérias. Com menos matérias a figura fica de fora.',
  ),
  'CM-3': text(
    'Posición ante un tema disputado',
    '[Elección de Espectro; RULES.md no le da identificador.] n = artículos con postura progresista, neutra o conservadora sobre el tema. n < 3 → sin posición; 3·progresistas ≥ 2·n → progresista; 3·conservadores ≥ 2·n → conservadora; si no, mixta (enteros exactos).',
    'Posição diante de um tema disputado',
    '[Escolha do Espectro; o RULES.md não lhe dá identificador.] n = matérias com postura progressista, neutra ou conservadora sobre o tema. n < 3 → sem posição; 3·progressistas ≥ 2·n → progressista; 3·conservadoras ≥ 2·n → conservadora; senão, mista (inteiros exatos).',
  ),
  'CM-4': text(
    'Distribución de las fuentes citadas',
    '[Elección de Espectro; RULES.md no le da identificador.] Solo cuentan las citas atribuidas a actores del mapa del país (las demás quedan fuera). Menos de 5 citas del mapa → sin distribución (el indicador de CB-1 no está disponible); si no, las proporciones de izquierda, centro y derecha de esas citas.',
    'Distribuição das fontes citadas',
    '[Escolha do Espectro; o RULES.md não lhe dá identificador.] Só contam as citações atribuídas a atores do mapa do país (as demais ficam de fora). Menos de 5 citações do mapa → sem distribuição (o indicador da CB-1 não está disponível); senão, as proporções de esquerda, centro e direita dessas citações.',
  ),
  'CF-1': text(
    'Factualidad del contenido a partir de señales',
    '[Elección de Espectro; RULES.md no le da identificador.] Menos de 20 artículos analizados → sin evaluación (nula). Si no, con proporciones enteras exactas (100·cantidad ≥ porcentaje·artículos), en este orden: ninguna corrección y (30 % o más con afirmaciones sin atribuir o 20 % o más con contenido viral) → baja; al menos 1 corrección, sin contenido viral, 90 % o más firmados y 50 % o más que citan o enlazan fuentes primarias → muy alta; 70 % o más firmados y 30 % o más con fuentes primarias → alta; si no, mixta. Muy baja (contenido fabricado) exige evidencia de chequeo y nunca se asigna con estas señales; una firma desconocida cuenta como no firmada. Error de entrada: una señal que cuenta más artículos que los analizados.',
    'Factualidade do conteúdo a partir de sinais',
    '[Escolha do Espectro; o RULES.md não lhe dá identificador.] Menos de 20 matérias analisadas → sem avaliação (nula). Senão, com proporções inteiras exatas (100·quantidade ≥ percentual·matérias), nesta ordem: nenhuma correção e (30 % ou mais com afirmações sem atribuição ou 20 % ou mais com conteúdo viral) → baixa; pelo menos 1 correção, sem conteúdo viral, 90 % ou mais assinadas e 50 % ou mais que citam ou linkam fontes primárias → muito alta; 70 % ou mais assinadas e 30 % ou mais com fontes primárias → alta; senão, mista. Muito baixa (conteúdo fabricado) exige evidência de checagem e nunca é atribuída com estes sinais; uma assinatura desconhecida conta como não assinada. Erro de entrada: um sinal que conta mais matérias que as analisadas.',
  ),
  'ART-1': text(
    'Confianza de la clasificación de un artículo',
    'Alta si es políticamente relevante, tiene al menos 300 palabras y al menos 3 indicadores explícitos; media si es políticamente relevante, tiene al menos 120 palabras y al menos 1 indicador; si no, baja. Si el medio tiene menos de 10 artículos analizados en la ventana: un nivel menos (baja sigue baja) y marcado como preliminar, aun cuando el nivel ya sea bajo.',
    'Confiança da classificação de uma matéria',
    'Alta se é politicamente relevante, tem pelo menos 300 palavras e pelo menos 3 indicadores explícitos; média se é politicamente relevante, tem pelo menos 120 palavras e pelo menos 1 indicador; senão, baixa. Se o veículo tem menos de 10 matérias analisadas na janela: um nível a menos (baixa continua baixa) e marcada como preliminar, mesmo quando o nível já é baixo.',
  ),
  'OT-1': text(
    'La tendencia del medio es la moda',
    'Tendencia del medio = moda del sesgo de sus artículos políticamente relevantes analizados con confianza media o alta y publicados entre 0 y 90 días (inclusive, fechas de calendario UTC) antes de la fecha. Los artículos sin sesgo no cuentan. Un artículo con fecha posterior es un error de entrada.',
    'A tendência do veículo é a moda',
    'Tendência do veículo = moda do viés das suas matérias politicamente relevantes analisadas com confiança média ou alta e publicadas entre 0 e 90 dias (inclusive, datas de calendário UTC) antes da data. Matérias sem viés não contam. Uma matéria com data posterior é um erro de entrada.',
  ),
  'OT-2': text(
    'Muestra necesaria para una tendencia',
    'n < 10 → sin tendencia, motivo muestra insuficiente («sem amostra suficiente», sin adivinar), comprobado antes de los empates; de 10 a 24 → confianza media; 25 o más → alta.',
    'Amostra necessária para uma tendência',
    'n < 10 → sem tendência, motivo amostra insuficiente («sem amostra suficiente», sem chute), conferido antes dos empates; de 10 a 24 → confiança média; 25 ou mais → alta.',
  ),
  'OT-3': text(
    'Empate en la moda',
    'Un empate en la moda → sin tendencia: sesgo nulo, confianza nula, motivo empate.',
    'Empate na moda',
    'Um empate na moda → sem tendência: viés nulo, confiança nula, motivo empate.',
  ),
  'COV-1': text(
    'Un dominio, una voz',
    'La cobertura cuenta dominios únicos, no artículos; los dominios se comparan como textos exactos. Un dominio que aparece más de una vez cuenta una vez, y sus entradas deben coincidir en alcance y sesgo (y en factualidad para el control de publicación): entradas en conflicto son un error de entrada que nombra el dominio.',
    'Um domínio, uma voz',
    'A cobertura conta domínios únicos, não matérias; os domínios são comparados como textos exatos. Um domínio que aparece mais de uma vez conta uma vez, e suas entradas devem concordar em escopo e viés (e em factualidade para o controle de publicação): entradas em conflito são um erro de entrada que nomeia o domínio.',
  ),
  'COV-2': text(
    'Porcentajes de sesgo sobre los medios políticos con sesgo',
    'Los porcentajes de izquierda, centro y derecha cuentan solo medios políticos con sesgo; los no políticos, los políticos sin sesgo y los dominios fuera del registro cuentan solo en los totales. Los porcentajes se redondean por el método de los restos mayores sobre enteros (suman 100; los empates, en orden izquierda, centro, derecha), o son todos 0 cuando ningún medio tiene sesgo.',
    'Percentuais de viés sobre os veículos políticos com viés',
    'Os percentuais de esquerda, centro e direita contam só veículos políticos com viés; os não políticos, os políticos sem viés e os domínios fora do cadastro contam só nos totais. Os percentuais são arredondados pelo método dos maiores restos sobre inteiros (somam 100; os empates, na ordem esquerda, centro, direita), ou são todos 0 quando nenhum veículo tem viés.',
  ),
  TIER: text(
    'Nivel de la historia',
    'Dominios calificados únicos (no políticos, o políticos con sesgo): 6 o más → principal; 3 o más → limitada; si no, la historia no se sintetiza.',
    'Nível da história',
    'Domínios classificados únicos (não políticos, ou políticos com viés): 6 ou mais → principal; 3 ou mais → limitada; senão, a história não é sintetizada.',
  ),
  PG: text(
    'Control de publicación',
    'Se evalúa cada regla y se devuelven todos los motivos que fallan, en este orden: sin cobertura (menos de 2 medios), sin síntesis (0 oraciones o ninguna devuelta), síntesis insuficiente (de 1 a 4 oraciones), pocas oraciones (al menos 1 y menos de 6 para una principal, menos de 4 para una limitada), sin imagen, cobertura baja (menos de 3 dominios calificados únicos), diversidad baja (2 o más medios políticos con sesgo, todos del mismo lado), fuentes dudosas (al menos un medio aportó texto y todos los que lo hicieron tienen factualidad baja o muy baja; una factualidad desconocida no es baja), contenido filtrado (tema de poco valor con menos de 5 dominios únicos), tope por país (historias ya publicadas del país en 24 h ≥ el tope). Se publica solo sin ningún motivo.',
    'Controle de publicação',
    'Cada regra é avaliada e todos os motivos que falham são devolvidos, nesta ordem: sem cobertura (menos de 2 veículos), sem síntese (0 frases ou nenhuma devolvida), síntese insuficiente (de 1 a 4 frases), poucas frases (pelo menos 1 e menos de 6 para uma principal, menos de 4 para uma limitada), sem imagem, cobertura baixa (menos de 3 domínios classificados únicos), diversidade baixa (2 ou mais veículos políticos com viés, todos do mesmo lado), fontes duvidosas (pelo menos um veículo contribuiu texto e todos os que o fizeram têm factualidade baixa ou muito baixa; uma factualidade desconhecida não é baixa), conteúdo filtrado (tema de pouco valor com menos de 5 domínios únicos), teto por país (histórias já publicadas do país em 24 h ≥ o teto). Só é publicada sem nenhum motivo.',
  ),
  'BS-BR-1': text(
    'Fuja da Bolha: muestra mínima',
    'n ≥ 5, contando artículos (no medios) cuyo medio tiene sesgo conocido.',
    'Fuja da Bolha: amostra mínima',
    'n ≥ 5, contando matérias (não veículos) cujo veículo tem viés conhecido.',
  ),
  'BS-BR-2': text(
    'Fuja da Bolha: el lado foco está poco cubierto',
    'cF < 10 (artículos del lado foco, izquierda o derecha; el centro no tiene punto ciego).',
    'Fuja da Bolha: o lado foco está pouco coberto',
    'cF < 10 (matérias do lado foco, esquerda ou direita; o centro não tem ponto cego).',
  ),
  'BS-BR-3': text(
    'Fuja da Bolha: el lado opuesto cubre',
    '100·cO ≥ 33·n. Implicado por BS-BR-4; se mantiene por fidelidad a la semilla.',
    'Fuja da Bolha: o lado oposto cobre',
    '100·cO ≥ 33·n. Implicado pela BS-BR-4; mantido por fidelidade à semente.',
  ),
  'BS-BR-4': text(
    'Fuja da Bolha: brecha proporcional',
    'pct(foco) < (pct(opuesto) − 33) × 30/37, evaluado exactamente como 370·cF < 300·cO − 99·n. A lo sumo un lado puede cumplirlo.',
    'Fuja da Bolha: diferença proporcional',
    'pct(foco) < (pct(oposto) − 33) × 30/37, avaliado exatamente como 370·cF < 300·cO − 99·n. No máximo um lado pode cumpri-la.',
  ),
  'BS-BR-5': text(
    'Fuja da Bolha: filtro de factualidad',
    '100·bajaFact < 35·total, donde bajaFact = artículos cuyo medio tiene un puntaje de factualidad (0–100) menor que 55 y total = todos los artículos de la historia (sesgo desconocido incluido). Un puntaje de exactamente 55 no es bajo; [elección] un puntaje desconocido no es bajo.',
    'Fuja da Bolha: filtro de factualidade',
    '100·baixaFact < 35·total, onde baixaFact = matérias cujo veículo tem pontuação de factualidade (0–100) menor que 55 e total = todas as matérias da história (viés desconhecido incluído). Uma pontuação de exatamente 55 não é baixa; [escolha] uma pontuação desconhecida não é baixa.',
  ),
  'BS-PR-1': text(
    'Prisma: cobertura total',
    'Contribuyen al menos 10 dominios únicos, incluidos los medios no políticos y los dominios fuera del registro.',
    'Prisma: cobertura total',
    'Contribuem pelo menos 10 domínios únicos, incluídos os veículos não políticos e os domínios fora do cadastro.',
  ),
  'BS-PR-2': text(
    'Prisma: medios políticos',
    'Al menos 5 de ellos son políticos con sesgo (n).',
    'Prisma: veículos políticos',
    'Pelo menos 5 deles são políticos com viés (n).',
  ),
  'BS-PR-3': text(
    'Prisma: lado en silencio',
    'Los lados del punto ciego son los b con 100·cantidad(b) ≤ 15·n, en orden izquierda, centro, derecha; la historia califica con al menos uno. Las historias cubiertas por un solo lado califican con los otros dos.',
    'Prisma: lado em silêncio',
    'Os lados do ponto cego são os b com 100·quantidade(b) ≤ 15·n, na ordem esquerda, centro, direita; a história se qualifica com pelo menos um. As histórias cobertas por um só lado se qualificam com os outros dois.',
  ),
  'BS-PR-4': text(
    'Prisma: temas excluidos',
    'Las historias de deportes, cultura, ciencia y tecnología nunca califican (resultado vacío); una historia sin tema no queda excluida.',
    'Prisma: temas excluídos',
    'As histórias de esportes, cultura, ciência e tecnologia nunca se qualificam (resultado vazio); uma história sem tema não é excluída.',
  ),
  DRIFT: text(
    'Detección de deriva de los puntos ciegos',
    'El procesamiento y las páginas llaman a las mismas funciones de punto ciego; una página compara la marca guardada con la recalculada y registra el desacuerdo estructurado (marca o lados) como aviso de deriva.',
    'Detecção de deriva dos pontos cegos',
    'O processamento e as páginas chamam as mesmas funções de ponto cego; uma página compara a marca armazenada com a recalculada e registra o desacordo estruturado (marca ou lados) como aviso de deriva.',
  ),
  'SYN-1': text(
    'Un artículo por dominio para el modelo',
    'El modelo recibe a lo sumo un artículo por dominio: el de texto más largo (en puntos de código Unicode); en empate, el publicado antes; después, [elección] el de identificador menor (orden UTF-16). Los identificadores de artículo deben ser únicos. Los artículos elegidos se devuelven en orden cronológico.',
    'Uma matéria por domínio para o modelo',
    'O modelo recebe no máximo uma matéria por domínio: a de texto mais longo (em pontos de código Unicode); em empate, a publicada antes; depois, [escolha] a de identificador menor (ordem UTF-16). Os identificadores de matéria devem ser únicos. As matérias escolhidas são devolvidas em ordem cronológica.',
  ),
  'SYN-3': text(
    'Cada oración cita el grupo',
    'Cada oración cita al menos un identificador de artículo y cada identificador citado pertenece al grupo de la historia; cada violación se devuelve como un problema con su tipo (oración vacía, cita ausente, artículo desconocido), nunca se descarta en silencio.',
    'Cada frase cita o grupo',
    'Cada frase cita pelo menos um identificador de matéria e cada identificador citado pertence ao grupo da história; cada violação é devolvida como um problema com seu tipo (frase vazia, citação ausente, matéria desconhecida), nunca descartada em silêncio.',
  ),
  'SYN-4': text(
    'Ningún nombre de medio dentro de las oraciones',
    'Los nombres del registro, sus alias y dominios se buscan dentro de las oraciones sin distinguir mayúsculas ni acentos, en límites de palabra; un hallazgo obliga a reescribir. [Elección] Los nombres que también son frases comunes («El País», «La Nación») cuentan solo escritos con las mayúsculas del registro y no seguidos de otra palabra con mayúscula; cada hallazgo informa su indicio de atribución.',
    'Nenhum nome de veículo dentro das frases',
    'Os nomes do cadastro, seus apelidos e domínios são procurados dentro das frases sem distinguir maiúsculas nem acentos, em limites de palavra; um achado obriga a reescrever. [Escolha] Nomes que também são expressões comuns («El País», «La Nación») contam só escritos com as maiúsculas do cadastro e não seguidos de outra palavra com maiúscula; cada achado informa seu indício de atribuição.',
  ),
  'SYN-5': text(
    'Cola de reintentos de la síntesis',
    'Una historia que falla se reintenta a los 15, 60, 180 y 360 minutos; tras el intento fallido número 5 se descarta y se registra el motivo.',
    'Fila de novas tentativas da síntese',
    'Uma história que falha é tentada de novo aos 15, 60, 180 e 360 minutos; depois da tentativa falha número 5 é descartada e o motivo é registrado.',
  ),
  'TOP-1': text(
    'Un tema o ninguno',
    'El tema es uno de los 10 identificadores, tal cual, o ninguno; cualquier otra etiqueta deja la historia sin clasificar y se reintenta en la síntesis siguiente. Nunca se inventa un tema.',
    'Um tema ou nenhum',
    'O tema é um dos 10 identificadores, exatamente, ou nenhum; qualquer outro rótulo deixa a história sem classificação e ela é tentada de novo na síntese seguinte. Nunca se inventa um tema.',
  ),
  'TOP-NAV': text(
    'Temas de la navegación principal',
    'La navegación muestra los temas con más cobertura activa: una historia publicada está activa si se publicó en las 48 h anteriores al instante de los datos; la cobertura activa de un tema es la suma de los dominios únicos que cubren sus historias activas; los temas sin ninguna quedan fuera; el resto se ordena por esa suma, después por número de historias activas y después en el orden del catálogo, y se muestran los 5 primeros. Las historias sin tema nunca cuentan. La navegación del sitio y sus datos abiertos llaman a la misma función.',
    'Temas da navegação principal',
    'A navegação mostra os temas com mais cobertura ativa: uma história publicada está ativa se foi publicada nas 48 h anteriores ao instante dos dados; a cobertura ativa de um tema é a soma dos domínios únicos que cobrem suas histórias ativas; os temas sem nenhuma ficam de fora; o resto é ordenado por essa soma, depois pelo número de histórias ativas e depois na ordem do catálogo, e os 5 primeiros são mostrados. Histórias sem tema nunca contam. A navegação do site e seus dados abertos chamam a mesma função.',
  ),
  'CLU-1': text(
    'Representación vectorial de los titulares',
    'Los titulares se representan con un modelo local multilingüe de oraciones MiniLM-L12 y se normalizan (L2) (en @espectro/clustering; sin los pesos del modelo lo reemplaza, y lo dice, un representador sin conexión por n-gramas de caracteres con sus propios umbrales calibrados).',
    'Representação vetorial das manchetes',
    'As manchetes são representadas com um modelo local multilíngue de frases MiniLM-L12 e normalizadas (L2) (em @espectro/clustering; sem os pesos do modelo, um representador offline por n-gramas de caracteres com seus próprios limiares calibrados o substitui, e diz isso).',
  ),
  'CLU-2': text(
    'Unir, juzgar o separar un par',
    'Coseno > 0.74 → mismo hecho; 0.60 ≤ coseno ≤ 0.74 → decide un juez de lenguaje (Gemini, con Groq de respaldo); < 0.60 → distintos. Un juez que no puede responder significa que no se une y el par queda en cola. Los valores a menos de 1e-9 de un umbral cuentan como iguales a él.',
    'Unir, julgar ou separar um par',
    'Cosseno > 0.74 → mesmo fato; 0.60 ≤ cosseno ≤ 0.74 → decide um juiz de linguagem (Gemini, com Groq de reserva); < 0.60 → diferentes. Um juiz que não consegue responder significa que não se une e o par fica na fila. Valores a menos de 1e-9 de um limiar contam como iguais a ele.',
  ),
  'CLU-2-OFFLINE': text(
    'Representador sin conexión: sus propios umbrales y la coincidencia de números y nombres',
    'Sin los pesos de MiniLM, el representador sin conexión TF-IDF por n-gramas de caracteres (con IDF de un corpus de referencia fijo de titulares reales) usa sus propios umbrales calibrados en su propia escala de coseno; un par cuyos titulares citan números pero no comparten ninguno, o nombran personas o lugares pero no comparten ninguno, tiene su coseno reducido por los factores antes de que decida CLU-2. Calibrado en el conjunto de desarrollo de la agrupación; medido en un conjunto reservado (README de clustering).',
    'Representador offline: seus próprios limiares e a coincidência de números e nomes',
    'Sem os pesos do MiniLM, o representador offline TF-IDF por n-gramas de caracteres (com IDF de um corpus de referência fixo de manchetes reais) usa seus próprios limiares calibrados na sua própria escala de cosseno; um par cujas manchetes citam números mas não compartilham nenhum, ou nomeiam pessoas ou lugares mas não compartilham nenhum, tem seu cosseno reduzido pelos fatores antes que a CLU-2 decida. Calibrado no conjunto de desenvolvimento do agrupamento; medido em um conjunto reservado (README de clustering).',
  ),
  'CLU-3': text(
    'Las historias son componentes conexos dentro de una ventana',
    'Las historias son los componentes conexos de los pares unidos entre artículos publicados dentro de la ventana (72 h por defecto); el resultado no depende del orden de entrada.',
    'As histórias são componentes conexos dentro de uma janela',
    'As histórias são os componentes conexos dos pares unidos entre matérias publicadas dentro da janela (72 h por padrão); o resultado não depende da ordem de entrada.',
  ),
  'DEB-1': text(
    'Tiempo de palabra por tono',
    'Los segundos de cada fragmento se reparten entre propuesta, ataque, defensa, balance y charla en proporción a las probabilidades del clasificador, tal como vienen (sin renormalizar): 70 % de ataque y 30 % de propuesta sobre 10 s dan 7 s y 3 s. Charla > 0.5 (estricto) → el fragmento no sigue (nulo). Probabilidades negativas o una suma mayor que 1 + 1e-9 son un error de entrada.',
    'Tempo de fala por tom',
    'Os segundos de cada trecho são divididos entre proposta, ataque, defesa, balanço e conversa em proporção às probabilidades do classificador, como vêm (sem renormalizar): 70 % de ataque e 30 % de proposta sobre 10 s dão 7 s e 3 s. Conversa > 0.5 (estrito) → o trecho não segue (nulo). Probabilidades negativas ou uma soma maior que 1 + 1e-9 são um erro de entrada.',
  ),
  'DEB-2': text(
    'Tipos de afirmación: solo se buscan las chequeables',
    'Tipos: chequeable (números, datos, actos de gobierno, leyes), propuesta, ataque, retórica, opinión, promesa. Solo las chequeables se buscan y pueden volverse chequeos; propuestas y ataques solo se anotan; retórica, opiniones y promesas nunca se vuelven chequeos (estado descartado). Se conserva el dato concreto («recorde de mulher assassinada», no «criminalidade»): una regla del prompt.',
    'Tipos de afirmação: só as checáveis são buscadas',
    'Tipos: checável (números, dados, atos de governo, leis), proposta, ataque, retórica, opinião, promessa. Só as checáveis são buscadas e podem virar checagens; propostas e ataques só são anotados; retórica, opiniões e promessas nunca viram checagens (estado descartado). Guarda-se o dado concreto («recorde de mulher assassinada», não «criminalidade»): uma regra do prompt.',
  ),
  'DEB-3': text(
    'Filtro de evidencia',
    'Un resultado de búsqueda se descarta cuando su servidor es, o está bajo, un dominio excluido (sin distinguir mayúsculas, ignorando www., solo etiquetas completas: blog.pt.org.br queda excluido, notpt.org.br no); cuando se publicó después de que se dijera la frase (dos fechas con hora se comparan como instantes; una fecha sin hora, por fecha de calendario UTC, así que un resultado del mismo día de la frase se conserva); y cuando no tiene fecha, salvo que se permitan los resultados sin fecha.',
    'Filtro de evidência',
    'Um resultado de busca é descartado quando seu servidor é, ou está sob, um domínio excluído (sem distinguir maiúsculas, ignorando www., só rótulos completos: blog.pt.org.br é excluído, notpt.org.br não); quando foi publicado depois que a frase foi dita (duas datas com hora são comparadas como instantes; uma data sem hora, pela data de calendário UTC, então um resultado do mesmo dia da frase é mantido); e quando não tem data, salvo se resultados sem data forem permitidos.',
  ),
  'DEB-4': text(
    'Fuentes oficiales y su proporción',
    'Una fuente es oficial cuando su servidor es, o está bajo, gov.br, leg.br, jus.br, mp.br o agenciabrasil.ebc.com.br. La proporción por debate cuenta, entre los chequeos con al menos una cita, los que citan al menos una fuente oficial (semilla: 41 de 75 chequeos, 55 %).',
    'Fontes oficiais e sua proporção',
    'Uma fonte é oficial quando seu servidor é, ou está sob, gov.br, leg.br, jus.br, mp.br ou agenciabrasil.ebc.com.br. A proporção por debate conta, entre as checagens com pelo menos uma citação, as que citam pelo menos uma fonte oficial (semente: 41 de 75 checagens, 55 %).',
  ),
  'DEB-5': text(
    'Citas solo de la búsqueda',
    'Un veredicto solo puede citar direcciones devueltas por la búsqueda, comparadas tras pasar a minúsculas el esquema y el servidor y quitar www., el fragmento, los parámetros utm_* y la barra final (http y https siguen siendo distintos). Verdadero, impreciso y falso necesitan al menos una cita. Una cita inválida o ausente → se pregunta al juez una vez más y después el veredicto es sin datos, con motivo cita inválida. Una dirección que aparece solo dentro del texto de la evidencia (inyección en el prompt) es inválida.',
    'Citações só da busca',
    'Um veredito só pode citar endereços devolvidos pela busca, comparados depois de passar a minúsculas o esquema e o servidor e tirar www., o fragmento, os parâmetros utm_* e a barra final (http e https continuam diferentes). Verdadeiro, impreciso e falso precisam de pelo menos uma citação. Uma citação inválida ou ausente → o juiz é consultado mais uma vez e depois o veredito é sem dados, com motivo citação inválida. Um endereço que aparece só dentro do texto da evidência (injeção no prompt) é inválido.',
  ),
  'JR-1/4': text(
    'Veredictos numéricos',
    'e = |afirmado − referencia| / |referencia|, en este orden: referencia exactamente 0 → verdadero si lo afirmado es exactamente 0, si no falso; e ≤ 0.05 → verdadero; signo opuesto → falso; e ≤ 0.5 → impreciso; si no, falso. Los valores a menos de 1e-9 de un umbral cuentan como iguales a él («11 trilhões» para 10,8 es verdadero).',
    'Vereditos numéricos',
    'e = |afirmado − referência| / |referência|, nesta ordem: referência exatamente 0 → verdadeiro se o afirmado é exatamente 0, senão falso; e ≤ 0.05 → verdadeiro; sinal oposto → falso; e ≤ 0.5 → impreciso; senão, falso. Valores a menos de 1e-9 de um limiar contam como iguais a ele («11 trilhões» para 10,8 é verdadeiro).',
  ),
  'JR-2/3': text(
    'Opinión o evidencia que no corresponde: sin datos',
    'Opinión, juicio de valor, comparación no medible, o evidencia de otro período o de otro dato → sin datos. No encontrar evidencia nunca vuelve falsa una afirmación.',
    'Opinião ou evidência que não corresponde: sem dados',
    'Opinião, juízo de valor, comparação não mensurável, ou evidência de outro período ou de outro dado → sem dados. Não encontrar evidência nunca torna uma afirmação falsa.',
  ),
  'JR-5': text(
    'Afirmaciones de varias partes',
    'Se juzgan por la parte principal. Principal verdadera con otra parte puntuada imprecisa o falsa → impreciso. Principal falsa mientras una mayoría estricta de las partes puntuadas (la principal incluida) es verdadera → impreciso, nunca falso. Las partes sin datos no se puntúan.',
    'Afirmações com várias partes',
    'São julgadas pela parte principal. Principal verdadeira com outra parte pontuada imprecisa ou falsa → impreciso. Principal falsa enquanto uma maioria estrita das partes pontuadas (a principal incluída) é verdadeira → impreciso, nunca falso. Partes sem dados não são pontuadas.',
  ),
  'JR-6': text(
    'Lapsus',
    'Un lapsus evidente con el resto de los datos correctos («2003» por 2023) es a lo sumo impreciso: falso pasa a impreciso.',
    'Ato falho',
    'Um ato falho evidente com o resto dos dados corretos («2003» por 2023) é no máximo impreciso: falso vira impreciso.',
  ),
  'JR-7': text(
    'Acusación repetida sin prueba',
    'Una afirmación que repite lo que dijo un audio, un documento o una persona solo se sostiene si el contenido está probado; una acusación sin prueba es imprecisa (un veredicto verdadero o falso pasa a impreciso; sin datos sigue sin datos).',
    'Acusação repetida sem prova',
    'Uma afirmação que repete o que disse um áudio, um documento ou uma pessoa só se sustenta se o conteúdo está provado; uma acusação sem prova é imprecisa (um veredito verdadeiro ou falso vira impreciso; sem dados continua sem dados).',
  ),
  'JR-8': text(
    'Definición de deuda pública',
    'Una «dívida pública» sin especificar es la deuda bruta del gobierno general (DBGG) publicada por el Banco Central. Una definición que se le da al juez, no un cálculo.',
    'Definição de dívida pública',
    'Uma «dívida pública» não especificada é a dívida bruta do governo geral (DBGG) publicada pelo Banco Central. Uma definição dada ao juiz, não um cálculo.',
  ),
  'JR-9': text(
    'Promesas, metas futuras y opiniones se descartan',
    'Una promesa, una meta futura o una opinión pura recibe el estado descartado (veredicto sin datos) y queda fuera del marcador.',
    'Promessas, metas futuras e opiniões são descartadas',
    'Uma promessa, uma meta futura ou uma opinião pura recebe o estado descartado (veredito sem dados) e fica fora do placar.',
  ),
  'JR-10': text(
    'Se juzga como lo entiende un oyente común',
    'Una frase se juzga por el sentido que entiende un oyente común, no por la lectura más literal. Una regla del prompt: no se puede calcular.',
    'Julga-se como um ouvinte comum entende',
    'Uma frase é julgada pelo sentido que um ouvinte comum entende, não pela leitura mais literal. Uma regra do prompt: não é calculável.',
  ),
  'AUD-1': text(
    'Reverificación del audio antes de publicar falso o impreciso',
    'Antes de publicar un falso o un impreciso, el fragmento se vuelve a transcribir con dos modelos de proveedores distintos. Coinciden cuando coinciden sus hechos clave: los conjuntos de números con magnitud y unidad de porcentaje («sete e meio por cento» = 7,5 % ≠ 10,5 %; «134 milhões» ≠ «134 mil»; números en palabras en portugués y español y en cifras con coma decimal y punto de miles) son iguales, y cada nombre propio de una (una palabra con mayúscula —al abrir una oración, solo si no es una apertura común como «O», «Hoje», «El»— o una sigla) aparece en la otra («Eletrobras» ≠ «Petrobras», «Irã» ≠ «Venezuela»). Si no coinciden, una tercera desempata; sin mayoría, un árbitro elige publicar, corregir la frase o dejarla en revisión (fuera del marcador).',
    'Reverificação do áudio antes de publicar falso ou impreciso',
    'Antes de publicar um falso ou um impreciso, o trecho é transcrito de novo por dois modelos de fornecedores diferentes. Concordam quando concordam seus fatos-chave: os conjuntos de números com magnitude e unidade de porcentagem («sete e meio por cento» = 7,5 % ≠ 10,5 %; «134 milhões» ≠ «134 mil»; números por extenso em português e espanhol e em algarismos com vírgula decimal e ponto de milhar) são iguais, e cada nome próprio de uma (uma palavra com maiúscula —abrindo uma frase, só se não for uma abertura comum como «O», «Hoje», «El»— ou uma sigla) aparece na outra («Eletrobras» ≠ «Petrobras», «Irã» ≠ «Venezuela»). Se discordam, uma terceira desempata; sem maioria, um árbitro escolhe publicar, corrigir a frase ou deixá-la em revisão (fora do placar).',
  ),
  'REP-1': text(
    'Las afirmaciones repetidas reutilizan el veredicto revisado',
    'Una afirmación del mismo orador cuyo texto normalizado (sin acentos, en minúsculas, sin puntuación ni palabras vacías) es igual al de un chequeo publicado anterior, o cuya similitud de Jaccard por palabras es al menos 0.8 con los mismos números, reutiliza el último veredicto revisado del chequeo así más reciente y muestra «já checado em [debate]».',
    'Afirmações repetidas reutilizam o veredito revisado',
    'Uma afirmação do mesmo orador cujo texto normalizado (sem acentos, em minúsculas, sem pontuação nem palavras vazias) é igual ao de uma checagem publicada anterior, ou cuja similaridade de Jaccard por palavras é pelo menos 0.8 com os mesmos números, reutiliza o último veredito revisado da checagem assim mais recente e mostra «já checado em [debate]».',
  ),
  'REV-D': text(
    'La revisión posterior al debate guarda la historia y los dos marcadores',
    'Cada cambio se agrega a la historia del chequeo (nunca se sobrescribe), así el veredicto anterior sigue visible. El marcador en vivo es el estado al final de la transmisión (la última entrada en vivo de cada chequeo); el marcador revisado es el estado más reciente. Las entradas de revisión nunca cambian el marcador en vivo.',
    'A revisão depois do debate guarda o histórico e os dois placares',
    'Cada mudança é acrescentada ao histórico da checagem (nunca sobrescrita), assim o veredito anterior continua visível. O placar ao vivo é o estado ao fim da transmissão (a última entrada ao vivo de cada checagem); o placar revisado é o estado mais recente. Entradas de revisão nunca mudam o placar ao vivo.',
  ),
  'MEN-1': text(
    'Mentirômetro',
    'Por candidato, solo sobre chequeos publicados: chequeables = verdaderos + imprecisos + falsos (sin datos, descartados, en revisión y retirados excluidos); índice = (falsos + imprecisos/2) / chequeables, nulo sin afirmaciones chequeables. Una fila por candidato en orden de primera aparición.',
    'Mentirômetro',
    'Por candidato, só sobre checagens publicadas: checáveis = verdadeiras + imprecisas + falsas (sem dados, descartadas, em revisão e removidas excluídas); índice = (falsas + imprecisas/2) / checáveis, nulo sem afirmações checáveis. Uma linha por candidato em ordem de primeira aparição.',
  ),
  'MEN-2': text(
    'Aguja y empate técnico',
    'Insuficiente cuando algún candidato comparado tiene menos de 3 afirmaciones chequeables (se comprueba primero); empate técnico cuando los índices están a menos de 10 puntos, exactamente: 5·|(2fA+iA)·nB − (2fB+iB)·nA| < nA·nB; si no, el candidato con el índice mayor se equivoca más.',
    'Agulha e empate técnico',
    'Insuficiente quando algum candidato comparado tem menos de 3 afirmações checáveis (conferido primeiro); empate técnico quando os índices estão a menos de 10 pontos, exatamente: 5·|(2fA+iA)·nB − (2fB+iB)·nA| < nA·nB; senão, o candidato com o índice maior erra mais.',
  ),
  COST: text(
    'Costo de cada llamada a un modelo',
    'Cada llamada a un modelo registra proveedor, modelo, versión del prompt, tokens de entrada y salida y costo en USD; se informan los totales del debate (llamadas, USD, tokens, por proveedor).',
    'Custo de cada chamada a um modelo',
    'Cada chamada a um modelo registra fornecedor, modelo, versão do prompt, tokens de entrada e saída e custo em USD; os totais do debate (chamadas, USD, tokens, por fornecedor) são informados.',
  ),
  'CON-1': text(
    'Cualquier lector puede impugnar sesgo, factualidad o propiedad',
    'Una impugnación tiene un identificador, una dimensión (sesgo, factualidad o propiedad), el dominio del medio, el identificador de quien impugna, un texto no vacío y su instante de creación; empieza en estado abierta.',
    'Qualquer leitor pode contestar viés, factualidade ou propriedade',
    'Uma contestação tem um identificador, uma dimensão (viés, factualidade ou propriedade), o domínio do veículo, o identificador de quem contesta, um texto não vazio e seu instante de criação; começa no estado aberta.',
  ),
  'CON-2': text(
    'Estados de una impugnación: abierta → en revisión → aceptada | rechazada',
    'Solo existen abierta → en revisión, en revisión → aceptada y en revisión → rechazada; aceptada y rechazada son finales. Cada transición registra quién, cuándo y las notas de revisión (notas no vacías para aceptar o rechazar); una transición rechazada se devuelve como dato con su motivo y no cambia nada.',
    'Estados de uma contestação: aberta → em triagem → aceita | rejeitada',
    'Só existem aberta → em triagem, em triagem → aceita e em triagem → rejeitada; aceita e rejeitada são finais. Cada transição registra quem, quando e as notas de triagem (notas não vazias para aceitar ou rejeitar); uma transição recusada é devolvida como dado com seu motivo e não muda nada.',
  ),
  'CON-3': text(
    'Límites por persona y por medio',
    'Para un pedido en T, un envío aceptado en t cuenta en una ventana W si y solo si t > T − W (los posteriores siempre cuentan). El pedido se rechaza cuando un conteo ya es igual a su límite, con la hora en que se puede reintentar (cuando suficientes envíos salen de la ventana); un rechazo no cambia nada.',
    'Limites por pessoa e por veículo',
    'Para um pedido em T, um envio aceito em t conta em uma janela W se e só se t > T − W (os posteriores sempre contam). O pedido é recusado quando uma contagem já é igual ao seu limite, com a hora em que se pode tentar de novo (quando envios suficientes saem da janela); uma recusa não muda nada.',
  ),
  'CON-4': text(
    'Cada cambio de calificación registra su causa',
    'Causas: cambio editorial, cambio de propiedad, impugnación aceptada, nueva versión de prompt o de modelo, actualización de la metodología. Aceptar una impugnación lleva a recalificar; un cambio causado por ella nombra la impugnación. Se registra un cambio por cada campo calificado que difiere (sesgo, factualidad, confianza, propiedad) y se rechaza un cambio sin causa; la primera calificación por el embudo de un medio preliminar no es un cambio. [Elección] La causa de una recalificación por evidencia nueva es: cambio de propiedad si difiere el tipo o la entidad propietaria; si no, actualización de la metodología si difiere su versión; si no, nueva versión de prompt o de modelo si difiere el proveedor o el prompt del análisis de contenido o de la correspondencia académica; si no, cambio editorial.',
    'Cada mudança de classificação registra sua causa',
    'Causas: mudança editorial, mudança de propriedade, contestação aceita, nova versão de prompt ou de modelo, atualização da metodologia. Aceitar uma contestação leva a reclassificar; uma mudança causada por ela nomeia a contestação. Registra-se uma mudança por campo classificado que difere (viés, factualidade, confiança, propriedade) e recusa-se uma mudança sem causa; a primeira classificação pelo funil de um veículo preliminar não é uma mudança. [Escolha] A causa de uma reclassificação por evidência nova é: mudança de propriedade se difere o tipo ou a entidade proprietária; senão, atualização da metodologia se difere sua versão; senão, nova versão de prompt ou de modelo se difere o fornecedor ou o prompt da análise de conteúdo ou da correspondência acadêmica; senão, mudança editorial.',
  ),
  AUDIT: text(
    'Cada clasificación guarda sus metadatos de auditoría',
    'Una clasificación guarda modelo, versión del prompt, tokens de entrada y salida, puntaje, confianza, indicadores y versión de la metodología (proveedor, costo y tiempo, opcionales).',
    'Cada classificação guarda seus metadados de auditoria',
    'Uma classificação guarda modelo, versão do prompt, tokens de entrada e saída, pontuação, confiança, indicadores e versão da metodologia (fornecedor, custo e tempo, opcionais).',
  ),
  'AGR-1': text(
    'Acuerdo bruto, kappa de Cohen e intervalos de Wilson',
    'κ = (p_o − p_e)/(1 − p_e) sobre la unión de las etiquetas de ambos evaluadores, con conteos enteros; el intervalo es κ ± z·EE recortado a [−1, 1]; κ, EE e intervalo son nulos cuando p_e = 1. Las proporciones llevan intervalos de Wilson recortados a [0, 1]. z es el cuantil normal de AS 241.',
    'Concordância bruta, kappa de Cohen e intervalos de Wilson',
    'κ = (p_o − p_e)/(1 − p_e) sobre a união dos rótulos dos dois avaliadores, com contagens inteiras; o intervalo é κ ± z·EP recortado a [−1, 1]; κ, EP e intervalo são nulos quando p_e = 1. As proporções levam intervalos de Wilson recortados a [0, 1]. z é o quantil normal do AS 241.',
  ),
  'AGR-2': text(
    'Exactitud macro con bootstrap de percentiles con semilla',
    'Exactitud macro = media de la sensibilidad por clase sobre las clases de referencia con al menos el mínimo de casos. Intervalo: remuestrear los n casos con reposición (xoshiro128** sembrado por SplitMix32 con la semilla dada), recalcular la media de sensibilidad sobre las mismas clases elegibles presentes en la remuestra y tomar los cuantiles de tipo 7 en α/2 y 1−α/2.',
    'Acurácia macro com bootstrap de percentis com semente',
    'Acurácia macro = média da sensibilidade por classe sobre as classes de referência com pelo menos o mínimo de casos. Intervalo: reamostrar os n casos com reposição (xoshiro128** semeado por SplitMix32 com a semente dada), recalcular a média da sensibilidade sobre as mesmas classes elegíveis presentes na reamostra e tomar os quantis de tipo 7 em α/2 e 1−α/2.',
  ),
  'AGR-3': text(
    'Ningún enlace automático desde una clase cuya precisión no se puede medir',
    'Una clase con menos de 25 casos de referencia no tiene precisión medida (se informa nula) y no puede usarse para enlazar un titular automáticamente; una clase ausente del conjunto de referencia se trata igual.',
    'Nenhum link automático a partir de uma classe cuja precisão não pode ser medida',
    'Uma classe com menos de 25 casos de referência não tem precisão medida (informada como nula) e não pode ser usada para ligar uma manchete automaticamente; uma classe ausente do conjunto de referência é tratada igual.',
  ),
  'AGR-5': text(
    'Cada cifra lleva su n y su intervalo',
    'Una cifra informada es {valor, n, intervalo, nivel}; un valor sin n o sin intervalo es un error de entrada.',
    'Cada número leva seu n e seu intervalo',
    'Um número informado é {valor, n, intervalo, nível}; um valor sem n ou sem intervalo é um erro de entrada.',
  ),
  'HC-1': text(
    'Seis clases de titulares y su precedencia',
    'Clases: tramitación legislativa, actividad parlamentaria, ley vigente, política no legislativa, no legislativa, ambigua. Precedencia: indecidible → ambigua; un acto legislativo → tramitación legislativa (aun con una ley vigente o un parlamentario nombrado); un parlamentario en ejercicio nombrado → actividad parlamentaria; una ley vigente → ley vigente; contenido político → política no legislativa; si no, no legislativa.',
    'Seis classes de manchetes e sua precedência',
    'Classes: tramitação legislativa, atividade parlamentar, lei vigente, política não legislativa, não legislativa, ambígua. Precedência: indecidível → ambígua; um ato legislativo → tramitação legislativa (mesmo com uma lei vigente ou um parlamentar nomeado); um parlamentar em exercício nomeado → atividade parlamentar; uma lei vigente → lei vigente; conteúdo político → política não legislativa; senão, não legislativa.',
  ),
  'HC-2': text(
    'Solo se guardan título y bajada',
    'Un titular guardado tiene exactamente identificador, medio, dirección, fecha de publicación, título y bajada (o nula); cualquier otro campo, como el cuerpo, se rechaza.',
    'Só título e linha fina são guardados',
    'Uma manchete guardada tem exatamente identificador, veículo, endereço, data de publicação, título e linha fina (ou nula); qualquer outro campo, como o corpo, é recusado.',
  ),
  'LINK-1': text(
    'Los titulares enlazan proyectos de ley solo por número de boletín',
    'Un titular enlaza un proyecto de ley solo mediante un número introducido por la palabra boletín o boletines en su título o bajada (con marca N°, Nº, N.º, nro. o núm. opcional; listas unidas por , ; y e o u &), normalizado a NNNNN-NN (sin puntos ni ceros a la izquierda, sufijo de 2 dígitos), y el enlace va a la página pública de ese proyecto; nunca por su clase. Fechas, teléfonos, montos y RUT nunca se leen.',
    'As manchetes ligam projetos de lei só pelo número do boletín',
    'Uma manchete liga um projeto de lei só por um número introduzido pela palavra boletín ou boletines no seu título ou linha fina (com marca N°, Nº, N.º, nro. ou núm. opcional; listas unidas por , ; y e o u &), normalizado para NNNNN-NN (sem pontos nem zeros à esquerda, sufixo de 2 dígitos), e o link vai para a página pública desse projeto; nunca pela sua classe. Datas, telefones, valores e RUT nunca são lidos.',
  ),
  'AGR-4': text(
    'Artefactos congelados: JSON canónico con sha256',
    'Taxonomía, umbrales, conjunto de referencia y veredicto (y las reglas de un clasificador sin conexión) se congelan como JSON canónico (al estilo de RFC 8785: claves ordenadas por unidades de código UTF-16, sin espacios, forma numérica de ECMAScript; valores no JSON rechazados) con el sha256 de sus bytes UTF-8; un artefacto cuyo hash difiere del registrado no pasa la verificación y debe rechazarse.',
    'Artefatos congelados: JSON canônico com sha256',
    'Taxonomia, limiares, conjunto de referência e veredito (e as regras de um classificador offline) são congelados como JSON canônico (no estilo da RFC 8785: chaves ordenadas por unidades de código UTF-16, sem espaços, forma numérica do ECMAScript; valores não JSON recusados) com o sha256 dos seus bytes UTF-8; um artefato cujo hash difere do registrado não passa na verificação e deve ser recusado.',
  ),
};
