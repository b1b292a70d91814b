/**
 * The catalogue's parameter descriptions in the readers' languages (Spanish and Brazilian
 * Portuguese), translated from each parameter's English `description`, which stays the API's text.
 * Keyed by `<rule id> <parameter name>` (one parameter name can appear under several rules with a
 * different meaning). Plain text only: the methodology page renders these as text. A test holds
 * every catalogued parameter to having both, and every number of the English description to
 * appearing in each translation, so a changed description cannot leave a stale translation behind.
 */

/** A parameter's description in the site's two languages. */
export type ParameterTexts = { es: string; 'pt-BR': string };

/** The key of a parameter's texts: its rule's id and its name. */
export function parameterTextKey(ruleId: string, name: string): string {
  return `${ruleId} ${name}`;
}

/** Every catalogued parameter's description in es and pt-BR, by {@link parameterTextKey}. */
export const PARAMETER_TEXTS: Record<string, ParameterTexts> = {
  'FUN-1 academicValidityYears': {
    es: 'una fuente cuenta si está fechada en asOf menos esta cantidad de años o después',
    'pt-BR': 'uma fonte conta se for datada de asOf menos este número de anos ou depois',
  },
  'FUN-2 minContentSample': {
    es: 'muestra mínima de contenido para un voto',
    'pt-BR': 'amostra mínima de conteúdo para um voto',
  },
  'FUN-5 strongContentSample': {
    es: '«evidencia fuerte de contenido»: un voto de contenido de centro con al menos esta muestra',
    'pt-BR': '«evidência forte de conteúdo»: um voto de conteúdo de centro com pelo menos esta amostra',
  },
  'FUN-6 r1OverrideMinSample': {
    es: 'muestra mínima de contenido para anular la previa del régimen',
    'pt-BR': 'amostra mínima de conteúdo para anular a prévia do regime',
  },
  'FUN-6 r1OverrideRecencyDays': {
    es: 'la ventana de contenido que anula debe empezar como mucho esta cantidad de días antes de asOf (inclusive)',
    'pt-BR': 'a janela de conteúdo que anula deve começar no máximo este número de dias antes de asOf (inclusive)',
  },
  'FUN-6 academicValidityYears': {
    es: 'la fuente primaria nacional que corrobora debe ser así de reciente (inclusive)',
    'pt-BR': 'a fonte primária nacional que corrobora deve ser recente assim (inclusive)',
  },
  'CONF-H highConfidenceAcademicYears': {
    es: 'una fuente académica con estrictamente menos años que este número',
    'pt-BR': 'uma fonte acadêmica com estritamente menos anos que este número',
  },
  'CONF-H highConfidenceMinSample': { es: 'muestra mínima de contenido', 'pt-BR': 'amostra mínima de conteúdo' },
  'CONF-CHANGE controlChangeMonths': {
    es: 'un cambio en asOf menos esta cantidad de meses o después es reciente',
    'pt-BR': 'uma mudança em asOf menos este número de meses ou depois é recente',
  },
  'CONF-CHANGE postChangeMinSample': {
    es: 'una ventana posterior al cambio con una muestra menor que esta obliga a confianza baja',
    'pt-BR': 'uma janela posterior à mudança com amostra menor que esta força confiança baixa',
  },
  'REV-1 reviewCadenceDays': {
    es: 'toca revisar cuando la última revisión fue al menos esta cantidad de días antes de asOf',
    'pt-BR': 'a revisão vence quando a última foi pelo menos este número de dias antes de asOf',
  },
  'REV-1 contentDriftDays': {
    es: 'días consecutivos de deriva del contenido que disparan una revisión',
    'pt-BR': 'dias consecutivos de deriva do conteúdo que disparam uma revisão',
  },
  'REV-1 contentDriftWindowDays': {
    es: 'días de la ventana móvil cuyo sesgo por contenido se calcula cada día',
    'pt-BR': 'dias da janela móvel cujo viés pelo conteúdo é calculado a cada dia',
  },
  'REV-2 preliminaryMinArticles': {
    es: 'artículos necesarios para el primer análisis de contenido',
    'pt-BR': 'matérias necessárias para a primeira análise de conteúdo',
  },
  'REV-2 preliminaryContentDays': {
    es: 'días objetivo desde el alta para el análisis de contenido',
    'pt-BR': 'dias-alvo desde a inclusão para a análise de conteúdo',
  },
  'REV-2 preliminaryReviewDays': {
    es: 'más de esta cantidad de días en preliminar requiere revisión',
    'pt-BR': 'mais que este número de dias como preliminar exige revisão',
  },
  'CB-0 contentBucketMinSample': {
    es: 'muestra mínima para un sesgo por contenido',
    'pt-BR': 'amostra mínima para um viés pelo conteúdo',
  },
  'CB-1 govOppRatioFavourable': {
    es: 'una razón estrictamente mayor favorece al gobierno de turno',
    'pt-BR': 'uma razão estritamente maior favorece o governo da vez',
  },
  'CB-1 govOppRatioAgainst': {
    es: 'una razón estrictamente menor va contra el gobierno de turno',
    'pt-BR': 'uma razão estritamente menor vai contra o governo da vez',
  },
  'CB-1 figureLeanThreshold': {
    es: '[elección] un |figureLean| de al menos este valor indica un lado',
    'pt-BR': '[escolha] um |figureLean| de pelo menos este valor indica um lado',
  },
  'CB-1 topicSharePercent': {
    es: 'porcentaje de los temas que no son n/a (exacto, sobre conteos)',
    'pt-BR': 'percentual dos temas que não são n/a (exato, sobre contagens)',
  },
  'CB-1 quoteShareThreshold': {
    es: 'porcentaje de citas de un mismo lado',
    'pt-BR': 'percentual de citações de um mesmo lado',
  },
  'CB-2 minAvailableMetrics': {
    es: 'métricas disponibles necesarias para una conclusión',
    'pt-BR': 'métricas disponíveis necessárias para uma conclusão',
  },
  'CB-2 minSideIndicators': {
    es: 'indicadores necesarios para un lado',
    'pt-BR': 'indicadores necessários para um lado',
  },
  'CM-1 minFramedArticles': {
    es: '[elección] artículos con encuadre (progobierno + prooposición) necesarios para una razón',
    'pt-BR': '[escolha] matérias com enquadramento (pró-governo + pró-oposição) necessárias para uma razão',
  },
  'CM-1 ratioContinuityCorrection': {
    es: '[elección] se suma a ambos lados para que un lado con 0 artículos mantenga la razón finita',
    'pt-BR': '[escolha] somado aos dois lados para que um lado com 0 matérias mantenha a razão finita',
  },
  'CM-2 minFigureArticles': {
    es: '[elección] artículos con un sentimiento hacia una figura necesarios para que cuente',
    'pt-BR': '[escolha] matérias com um sentimento sobre uma figura necessárias para que ela conte',
  },
  'CM-3 minTopicArticles': {
    es: '[elección] artículos con postura sobre el tema necesarios para una posición',
    'pt-BR': '[escolha] matérias com posição sobre o tema necessárias para uma posição',
  },
  'CM-3 topicMajorityNumerator': {
    es: '[elección] numerador de la mayoría de posturas',
    'pt-BR': '[escolha] numerador da maioria de posições',
  },
  'CM-3 topicMajorityDenominator': {
    es: '[elección] denominador de la mayoría de posturas',
    'pt-BR': '[escolha] denominador da maioria de posições',
  },
  'CM-4 minMappedQuotes': {
    es: '[elección] citas atribuidas a actores mapeados necesarias para una distribución',
    'pt-BR': '[escolha] citações atribuídas a atores mapeados necessárias para uma distribuição',
  },
  'CF-1 contentBucketMinSample': {
    es: 'mínimo de artículos analizados para una evaluación (el mínimo de CB-0)',
    'pt-BR': 'mínimo de matérias analisadas para uma avaliação (o mínimo de CB-0)',
  },
  'CF-1 lowUnattributedPercent': {
    es: '[elección] baja: porcentaje de artículos con afirmaciones sin atribuir',
    'pt-BR': '[escolha] baixa: percentual de matérias com afirmações sem atribuição',
  },
  'CF-1 lowViralPercent': {
    es: '[elección] baja: porcentaje de artículos con contenido viral',
    'pt-BR': '[escolha] baixa: percentual de matérias com conteúdo viral',
  },
  'CF-1 veryHighBylinePercent': {
    es: '[elección] muy alta: porcentaje de artículos firmados',
    'pt-BR': '[escolha] muito alta: percentual de matérias assinadas',
  },
  'CF-1 veryHighPrimaryPercent': {
    es: '[elección] muy alta: porcentaje que cita o enlaza fuentes primarias',
    'pt-BR': '[escolha] muito alta: percentual que cita ou liga fontes primárias',
  },
  'CF-1 veryHighMinCorrections': {
    es: '[elección] muy alta: artículos con una corrección',
    'pt-BR': '[escolha] muito alta: matérias com uma correção',
  },
  'CF-1 highBylinePercent': {
    es: '[elección] alta: porcentaje de artículos firmados',
    'pt-BR': '[escolha] alta: percentual de matérias assinadas',
  },
  'CF-1 highPrimaryPercent': {
    es: '[elección] alta: porcentaje que cita o enlaza fuentes primarias',
    'pt-BR': '[escolha] alta: percentual que cita ou liga fontes primárias',
  },
  'ART-1 highMinWords': { es: 'palabras necesarias para alta', 'pt-BR': 'palavras necessárias para alta' },
  'ART-1 highMinIndicators': {
    es: 'indicadores explícitos necesarios para alta',
    'pt-BR': 'indicadores explícitos necessários para alta',
  },
  'ART-1 mediumMinWords': { es: 'palabras necesarias para media', 'pt-BR': 'palavras necessárias para média' },
  'ART-1 mediumMinIndicators': {
    es: 'indicadores explícitos necesarios para media',
    'pt-BR': 'indicadores explícitos necessários para média',
  },
  'ART-1 minOutletSample': {
    es: 'con una muestra del medio menor que esta, el artículo baja un nivel y es preliminar',
    'pt-BR': 'com uma amostra do veículo menor que esta, a matéria desce um nível e é preliminar',
  },
  'OT-1 windowDays': {
    es: 'artículos publicados de 0 a windowDays días antes de asOf (inclusive)',
    'pt-BR': 'matérias publicadas de 0 a windowDays dias antes de asOf (inclusive)',
  },
  'OT-2 mediumSample': {
    es: 'artículos necesarios para una tendencia (media)',
    'pt-BR': 'matérias necessárias para uma tendência (média)',
  },
  'OT-2 highSample': { es: 'artículos necesarios para alta', 'pt-BR': 'matérias necessárias para alta' },
  'TIER mainMinRatedDomains': {
    es: 'dominios únicos calificados para una historia principal',
    'pt-BR': 'domínios únicos classificados para uma história principal',
  },
  'TIER limitedMinRatedDomains': {
    es: 'dominios únicos calificados para una historia de cobertura limitada',
    'pt-BR': 'domínios únicos classificados para uma história de cobertura limitada',
  },
  'PG reasonOrder': {
    es: 'cada código de motivo, en el orden en que los resultados los listan',
    'pt-BR': 'cada código de motivo, na ordem em que os resultados os listam',
  },
  'PG minRawOutlets': {
    es: 'no_coverage por debajo de esta cantidad de medios en bruto',
    'pt-BR': 'no_coverage abaixo deste número de veículos brutos',
  },
  'PG minSynthesisSentences': {
    es: 'insufficient_synthesis para 1 a este valor − 1 frases',
    'pt-BR': 'insufficient_synthesis para 1 a este valor − 1 frases',
  },
  'PG minSentencesMain': {
    es: 'few_sentences por debajo de este valor en historias principales',
    'pt-BR': 'few_sentences abaixo deste valor em histórias principais',
  },
  'PG minSentencesLimited': {
    es: 'few_sentences por debajo de este valor en historias de cobertura limitada',
    'pt-BR': 'few_sentences abaixo deste valor em histórias de cobertura limitada',
  },
  'PG minRatedDomains': {
    es: 'low_coverage por debajo de esta cantidad de dominios únicos calificados',
    'pt-BR': 'low_coverage abaixo deste número de domínios únicos classificados',
  },
  'PG lowDiversityMinBiasedOutlets': {
    es: 'low_diversity se aplica desde esta cantidad de medios políticos con sesgo',
    'pt-BR': 'low_diversity se aplica a partir deste número de veículos políticos com viés',
  },
  'PG filteredContentMinDomains': {
    es: '[elección] una historia de poco valor pasa con al menos esta cantidad de dominios únicos',
    'pt-BR': '[escolha] uma história de pouco valor passa com pelo menos este número de domínios únicos',
  },
  'PG countryCap': {
    es: '[elección] historias por país en las últimas 24 h móviles; country_cap cuando el conteo es ≥ el tope',
    'pt-BR': '[escolha] histórias por país nas últimas 24 h móveis; country_cap quando a contagem é ≥ o teto',
  },
  'PG countryCapWindowHours': {
    es: 'la ventana móvil de country_cap, sobre horas de publicación: una historia publicada del país cuenta cuando su hora es posterior a la hora − la ventana y anterior a la historia (misma hora: primero el id menor)',
    'pt-BR':
      'a janela móvel de country_cap, sobre horários de publicação: uma história publicada do país conta quando seu horário é posterior ao horário − a janela e anterior à história (mesmo horário: primeiro o id menor)',
  },
  'BS-BR-1 minArticlesWithBias': {
    es: 'artículos cuyo medio tiene sesgo conocido (n)',
    'pt-BR': 'matérias cujo veículo tem viés conhecido (n)',
  },
  'BS-BR-2 maxFocusArticlesExclusive': {
    es: 'cF debe ser menor que este valor',
    'pt-BR': 'cF deve ser menor que este valor',
  },
  'BS-BR-3 minOppositePercent': {
    es: 'porcentaje mínimo del lado opuesto',
    'pt-BR': 'percentual mínimo do lado oposto',
  },
  'BS-BR-4 focusCoefficient': { es: 'coeficiente de cF', 'pt-BR': 'coeficiente de cF' },
  'BS-BR-4 oppositeCoefficient': { es: 'coeficiente de cO', 'pt-BR': 'coeficiente de cO' },
  'BS-BR-4 totalCoefficient': { es: 'coeficiente de n', 'pt-BR': 'coeficiente de n' },
  'BS-BR-5 maxLowFactualityPercentExclusive': {
    es: 'el porcentaje de artículos de factualidad baja debe ser menor que este',
    'pt-BR': 'o percentual de matérias de factualidade baixa deve ser menor que este',
  },
  'BS-BR-5 lowFactualityScore': {
    es: 'una puntuación de factualidad del medio menor que esta es baja',
    'pt-BR': 'uma pontuação de factualidade do veículo menor que esta é baixa',
  },
  'BS-PR-1 minOutlets': {
    es: 'dominios únicos que aportan en total',
    'pt-BR': 'domínios únicos que contribuem no total',
  },
  'BS-PR-2 minPoliticalWithBias': {
    es: 'dominios políticos únicos con sesgo (n)',
    'pt-BR': 'domínios políticos únicos com viés (n)',
  },
  'BS-PR-3 maxBucketPercent': {
    es: 'un sesgo con esta proporción o menos es un sesgo en punto ciego',
    'pt-BR': 'um viés com esta proporção ou menos é um viés em ponto cego',
  },
  'BS-PR-4 excludedTopics': { es: 'temas que nunca califican', 'pt-BR': 'temas que nunca se qualificam' },
  'SYN-3 minSentencesRequested': {
    es: 'frases que se piden al modelo (como mínimo)',
    'pt-BR': 'frases pedidas ao modelo (no mínimo)',
  },
  'SYN-3 maxSentencesRequested': {
    es: 'frases que se piden al modelo (como máximo)',
    'pt-BR': 'frases pedidas ao modelo (no máximo)',
  },
  'SYN-4 commonWords': {
    es: 'un nombre hecho solo de estas palabras (sin acentos) es una frase común y necesita mayúsculas de nombre propio',
    'pt-BR':
      'um nome feito só destas palavras (sem acentos) é uma expressão comum e precisa de maiúsculas de nome próprio',
  },
  'SYN-4 attributionCues': {
    es: 'marcas que se informan con una coincidencia («según», «como informó», …)',
    'pt-BR': 'marcas relatadas com uma ocorrência («según», «como informó», …)',
  },
  'SYN-5 delayAfterFailure1Minutes': {
    es: 'espera tras el intento fallido número 1',
    'pt-BR': 'espera após a tentativa falha número 1',
  },
  'SYN-5 delayAfterFailure2Minutes': {
    es: 'espera tras el intento fallido número 2',
    'pt-BR': 'espera após a tentativa falha número 2',
  },
  'SYN-5 delayAfterFailure3Minutes': {
    es: 'espera tras el intento fallido número 3',
    'pt-BR': 'espera após a tentativa falha número 3',
  },
  'SYN-5 delayAfterFailure4Minutes': {
    es: 'espera tras el intento fallido número 4',
    'pt-BR': 'espera após a tentativa falha número 4',
  },
  'SYN-5 maxFailedAttempts': {
    es: 'se descarta tras esta cantidad de intentos fallidos',
    'pt-BR': 'descartada após este número de tentativas falhas',
  },
  'TOP-NAV windowHours': {
    es: '[elección] una historia publicada es cobertura activa durante esta cantidad de horas',
    'pt-BR': '[escolha] uma história publicada é cobertura ativa durante este número de horas',
  },
  'TOP-NAV limit': {
    es: '[elección] como mucho esta cantidad de temas en la navegación',
    'pt-BR': '[escolha] no máximo este número de temas na navegação',
  },
  'CLU-1 model': {
    es: 'modelo local multilingüe de frases, vectores normalizados en L2',
    'pt-BR': 'modelo local multilíngue de frases, vetores normalizados em L2',
  },
  'CLU-2 merge': {
    es: 'coseno estrictamente mayor → mismo acontecimiento',
    'pt-BR': 'cosseno estritamente maior → mesmo acontecimento',
  },
  'CLU-2 judgeLow': {
    es: 'coseno desde este valor hasta merge (inclusive) → decide el juez LLM; por debajo → distintos',
    'pt-BR': 'cosseno deste valor até merge (inclusive) → decide o juiz LLM; abaixo → diferentes',
  },
  'CLU-2-OFFLINE merge': {
    es: 'coseno sin conexión estrictamente mayor → mismo acontecimiento',
    'pt-BR': 'cosseno offline estritamente maior → mesmo acontecimento',
  },
  'CLU-2-OFFLINE judgeLow': {
    es: 'zona gris sin conexión desde este valor hasta merge → decide el juez LLM',
    'pt-BR': 'zona cinzenta offline deste valor até merge → decide o juiz LLM',
  },
  'CLU-2-OFFLINE chainingGuard': {
    es: 'una fusión automática necesita este coseno medio entre las dos historias parciales',
    'pt-BR': 'uma fusão automática precisa deste cosseno médio entre as duas histórias parciais',
  },
  'CLU-2-OFFLINE numberConflict': {
    es: 'factor del coseno cuando ambos titulares citan números y no comparten ninguno',
    'pt-BR': 'fator do cosseno quando as duas manchetes citam números e não compartilham nenhum',
  },
  'CLU-2-OFFLINE nameConflict': {
    es: 'factor del coseno cuando ambos titulares nombran personas, lugares u organizaciones y no comparten ninguno',
    'pt-BR':
      'fator do cosseno quando as duas manchetes citam pessoas, lugares ou organizações e não compartilham nenhum',
  },
  'CLU-3 windowHours': {
    es: 'los artículos más separados en tiempo de publicación nunca se enlazan',
    'pt-BR': 'matérias mais distantes no horário de publicação nunca são ligadas',
  },
  'CLU-3 orderBucketHours': {
    es: 'el control de encadenamiento aplica los enlaces por el día (UTC) del artículo más reciente de cada par y, dentro de un mismo día, del más parecido al menos parecido',
    'pt-BR':
      'o controle de encadeamento aplica as ligações pelo dia (UTC) da matéria mais recente de cada par e, dentro do mesmo dia, da mais parecida para a menos parecida',
  },
  'DEB-1 chunkSeconds': { es: 'duración de un fragmento de audio', 'pt-BR': 'duração de um trecho de áudio' },
  'DEB-1 chatterDropAbove': {
    es: 'un fragmento con charla estrictamente por encima de este valor se descarta («só conversa» = mayoría estricta)',
    'pt-BR': 'um trecho com conversa estritamente acima deste valor é descartado («só conversa» = maioria estrita)',
  },
  'DEB-3 excludedDomains': {
    es: 'medios partidarios y militantes de ambos lados (semilla 001)',
    'pt-BR': 'veículos partidários e militantes dos dois lados (semente 001)',
  },
  'DEB-3 allowUndated': {
    es: 'conservar resultados sin fecha de publicación',
    'pt-BR': 'manter resultados sem data de publicação',
  },
  'DEB-4 officialSuffixes': {
    es: 'sufijos de dominio de organismos públicos',
    'pt-BR': 'sufixos de domínio de órgãos públicos',
  },
  'DEB-5 trackingParameterPrefix': {
    es: 'parámetros de consulta que se quitan antes de comparar',
    'pt-BR': 'parâmetros de consulta removidos antes da comparação',
  },
  'DEB-5 citationReasks': {
    es: 'nuevas preguntas tras una cita no válida antes de no_data',
    'pt-BR': 'novas perguntas após uma citação inválida antes de no_data',
  },
  'JR-1/4 tolerance': {
    es: 'desviación relativa hasta la cual un número es verdadero',
    'pt-BR': 'desvio relativo até o qual um número é verdadeiro',
  },
  'JR-1/4 falseDeviation': {
    es: 'desviación relativa por encima de la cual un número del mismo signo es falso',
    'pt-BR': 'desvio relativo acima do qual um número de mesmo sinal é falso',
  },
  'JR-8 publicDebt': {
    es: 'significado de una «dívida pública» sin especificar (Banco Central do Brasil)',
    'pt-BR': 'significado de uma «dívida pública» não especificada (Banco Central do Brasil)',
  },
  'AUD-1 minDistinctVendors': {
    es: 'las dos primeras retranscripciones vienen de proveedores distintos',
    'pt-BR': 'as duas primeiras retranscrições vêm de fornecedores diferentes',
  },
  'AUD-1 maxTranscripts': {
    es: 'dos retranscripciones y una de desempate',
    'pt-BR': 'duas retranscrições e uma de desempate',
  },
  'AUD-1 language': {
    es: 'idioma de los números escritos en palabras (pt o es)',
    'pt-BR': 'idioma dos números escritos por extenso (pt ou es)',
  },
  'REP-1 jaccardThreshold': {
    es: 'similitud de Jaccard por tokens de los textos normalizados para una coincidencia',
    'pt-BR': 'similaridade de Jaccard por tokens dos textos normalizados para uma correspondência',
  },
  'REP-1 embeddingThreshold.offline-char-ngram-tfidf': {
    es: 'coseno de los embeddings offline-char-ngram-tfidf de las afirmaciones para una coincidencia por paráfrasis (no se usa un embedder sin umbral)',
    'pt-BR':
      'cosseno dos embeddings offline-char-ngram-tfidf das afirmações para uma correspondência por paráfrase (um embedder sem limiar não é usado)',
  },
  'REP-1 label': { es: 'prefijo de la etiqueta de la tarjeta', 'pt-BR': 'prefixo do rótulo do cartão' },
  'MEN-2 minCheckable': {
    es: 'afirmaciones verificables que necesita cada candidato',
    'pt-BR': 'afirmações checáveis de que cada candidato precisa',
  },
  'MEN-2 tiePoints': {
    es: 'índices a menos de esta cantidad de puntos son un empate técnico',
    'pt-BR': 'índices a menos deste número de pontos são um empate técnico',
  },
  'CON-1 textMaxLength': {
    es: 'Texto de contestación más largo que se acepta.',
    'pt-BR': 'Texto de contestação mais longo aceito.',
  },
  'CON-2 notesMaxLength': {
    es: 'Notas de triaje más largas que se aceptan.',
    'pt-BR': 'Notas de triagem mais longas aceitas.',
  },
  'CON-3 perContesterHour': { es: 'Por contestador en la hora móvil.', 'pt-BR': 'Por contestador na hora móvel.' },
  'CON-3 perContesterDay': { es: 'Por contestador en las 24 h móviles.', 'pt-BR': 'Por contestador nas 24 h móveis.' },
  'CON-3 perOutletDay': { es: 'Por medio en las 24 h móviles.', 'pt-BR': 'Por veículo nas 24 h móveis.' },
  'CON-3 hourWindowMs': { es: 'Hora móvil, en milisegundos.', 'pt-BR': 'Hora móvel, em milissegundos.' },
  'CON-3 dayWindowMs': { es: 'Día móvil, en milisegundos.', 'pt-BR': 'Dia móvel, em milissegundos.' },
  'AGR-1 level': { es: 'Nivel de confianza de cada intervalo.', 'pt-BR': 'Nível de confiança de cada intervalo.' },
  'AGR-1 se': {
    es: "Error estándar de kappa: 'asymptotic' √(p_o(1−p_o)/(n(1−p_e)²)) o 'fleiss' (Fleiss–Cohen–Everitt 1969).",
    'pt-BR': "Erro-padrão do kappa: 'asymptotic' √(p_o(1−p_o)/(n(1−p_e)²)) ou 'fleiss' (Fleiss–Cohen–Everitt 1969).",
  },
  'AGR-2 minCases': {
    es: 'Mínimo de casos de referencia para que una clase entre en la media.',
    'pt-BR': 'Mínimo de casos de referência para que uma classe entre na média.',
  },
  'AGR-2 bootstrap.resamples': { es: 'Remuestreos bootstrap.', 'pt-BR': 'Reamostragens bootstrap.' },
  'AGR-2 bootstrap.level': {
    es: 'Nivel de confianza del intervalo de percentiles.',
    'pt-BR': 'Nível de confiança do intervalo de percentis.',
  },
  'AGR-3 minPrecisionCases': {
    es: 'Casos de referencia necesarios para medir la precisión de una clase.',
    'pt-BR': 'Casos de referência necessários para medir a precisão de uma classe.',
  },
  'HC-2 maxTitleLength': { es: 'Título más largo que se acepta.', 'pt-BR': 'Título mais longo aceito.' },
  'HC-2 maxDescriptionLength': {
    es: 'Bajada más larga que se acepta.',
    'pt-BR': 'Descrição (bajada) mais longa aceita.',
  },
  'LINK-1 billPageUrl': {
    es: 'Página pública de un proyecto de ley por su número de boletín (el registro de su tramitación en la Cámara) [elección].',
    'pt-BR':
      'Página pública de um projeto de lei pelo número do boletín (o registro de sua tramitação na Câmara) [escolha].',
  },
};
