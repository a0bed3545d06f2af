// Package paridad implementa la Representación Paridad-Excedencia (RPE) de
// los multiconjuntos de letras de la tesis de la fuente 002 (cap. 3): un
// multiconjunto en 64 bits que se suma, se compara y se resta en tiempo
// constante, con tablas precalculadas de un léxico.
//
// Una cantidad f se escribe f = 2e + p con p ∈ {0, 1}: p es la paridad y e
// la excedencia. Las paridades de todas las letras forman una máscara (32
// bits bajos); la excedencia, un multiconjunto chico, se reemplaza por su
// identificador en la tabla de las excedencias factibles del léxico, las de
// los submulticonjuntos de las letras de alguna palabra (32 bits altos).
// [Nuevas] construye las tablas a partir de un [trie.DAWG] cualquiera cuyas
// letras sean menores que 32; el [Multiconjunto] cero es el vacío.
//
// # Suma (§3.5.4)
//
// Si a y b tienen paridades pa, pb y excedencias ea, eb, la suma tiene
// paridad pa ⊕ pb y excedencia ea ⊎ eb ⊎ r, donde r = pa ∧ pb es el
// acarreo (Teoremas 3 y 5). [Tablas.Sumar] hace un XOR, un AND, una
// consulta a la tabla de máscaras de acarreo (r → su identificador) y una
// a la de tríadas factibles ((ea, eb, r) → la excedencia de la suma).
//
// # Inclusión en tiempo constante (la derivación que la tesis esboza)
//
// La tesis dice que la inclusión sale «redefiniendo el acarreo y
// consultando la tabla de tríadas de otra manera», sin más. La derivación:
// para cada letra, con fa = 2ea + pa y fb = 2eb + pb,
//
//	fb ≤ fa  ⟺  eb + (pb ∧ ¬pa) ≤ ea.
//
// Si las paridades son iguales, 2eb ≤ 2ea ⟺ eb ≤ ea. Si pb = 0 y pa = 1,
// 2eb ≤ 2ea + 1 ⟺ eb ≤ ea (son enteros). Si pb = 1 y pa = 0,
// 2eb + 1 ≤ 2ea ⟺ eb < ea ⟺ eb + 1 ≤ ea. Entonces, con el préstamo
// r = pb ∧ ¬pa (el acarreo redefinido, un conjunto de letras):
//
//	b ⊆ a  ⟺  eb ⊎ r ⊆ ea  ⟺  existe x con x ⊎ eb ⊎ r = ea.
//
// Esa x es la excedencia de a − b: en a = b ⊎ (a − b) el acarreo es
// pb ∧ (pa ⊕ pb) = pb ∧ ¬pa = r, y por el Teorema 5 ea = eb ⊎ x ⊎ r. Y
// (x, eb, r) es una tríada factible: sus tres partes y su suma ea son
// submulticonjuntos de ea, que es factible. Así que la misma tabla de
// tríadas, indexada por (eb, r, suma) en lugar de (x, eb, r), responde en
// una consulta: [Tablas.Incluye] y [Tablas.Restar] hacen un AND NOT, una
// consulta a la tabla de acarreos (si r no es una excedencia factible, no
// cabe en ea) y una a la de tríadas; la paridad de la diferencia es
// pa ⊕ pb. TestPropiedadesRPE lo compara con letra.Multiconjunto.Incluye y
// Diferencia en léxicos y multiconjuntos al azar.
//
// # Cifras
//
// Las tablas de la tesis (Tablas 3.4 y 3.9) cuentan 7.106 excedencias y
// 112.803 tríadas en español, 6.433 y 85.141 en inglés (NWL23). Con
// nuestros léxicos (TestTablasReales; el tiempo de construcción, en
// docs/tesis/README.md):
//
//	léxico                       palabras  excedencias  acarreos  tríadas ordenadas  memoria
//	español FISE (28 letras)      636.598        4.595     3.250            656.027  37,9 MB
//	inglés SOWPODS                267.751        5.846     4.374            710.514  37,9 MB
//
// Nuestro español escribe CH, LL y RR como una letra, por eso tiene menos
// excedencias que el de la tesis con otro léxico. Contamos las tríadas
// ordenadas (x, y, r) con x ⊎ y ⊎ r factible y r sin repetidas (cada
// excedencia s aporta Π(2·cantidad + 1) sobre sus letras); la tesis no dice
// cómo cuenta las suyas, y su número es mucho menor: si contara solo las
// que aparecen al sumar palabras y manos reales, saldría así.
package paridad
