// Package internas genera las jugadas con el Método de las Palabras
// Internas de la tesis de la fuente 002 (cap. 5).
//
// Para cada intervalo del tablero, su palabra interna principal es la
// corrida de fichas más larga que contiene (la primera si hay dos; ninguna
// si el intervalo no tiene fichas), colocada en su posición dentro del
// intervalo. El intervalo se descarta sin más si alguna de sus celdas
// libres no admite ninguna letra o si ninguna palabra de su largo tiene esa
// palabra interna en esa posición (§5.2). Si no, con el umbral de decisión
// de las tablas (la tesis usa 10):
//
//   - si la palabra interna colocada está en a lo sumo umbral palabras, se
//     recorren esas palabras, filtradas por la inclusión de sus letras en
//     la mano más las fichas del intervalo (tiempo constante en la RPE de
//     generador/paridad);
//   - si no, se consulta la tabla de bajo nivel con la clave de 64 bits de
//     la Tabla 5.10 (palabra interna, posición, multiconjunto) para cada
//     submulticonjunto de la mano de tantas letras como celdas libres: a lo
//     sumo C(7, v) consultas. Un intervalo sin fichas es la instancia
//     (—, —, multiconjunto): los anagramas.
//
// La tesis llama «de alto nivel» al recorrido en §5.3.1 y «de bajo nivel»
// a las consultas, y en §5.6 los nombres aparecen cruzados; aquí se sigue
// §5.3. Cada candidata se valida como en el Método de los Anagramas.
//
// [Generador] tiene la API de generador.Generador y da exactamente sus
// jugadas con sus puntos. Necesita las tablas tablas.Internas del léxico,
// que se construyen en el proceso (cientos de MB con el español).
//
// # Comodines
//
// Como en generador/anagramas: al consultar, un comodín se enumera como
// cada letra; al recorrer, si la mano tiene comodines no se filtra por
// inclusión (la RPE no representa un comodín) y la validación reparte los
// comodines entre las celdas nuevas.
//
// Ver app/tesis para la comparación con el GADDAG y el de los
// anagramas.
package internas
