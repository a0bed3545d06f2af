// Package letra define las letras del juego y los alfabetos con que se leen y
// se escriben.
//
// La especificación supone un tipo letra finito, en biyección
// con {0, …, A-1} mediante ord y ord⁻¹. Aquí:
//
//   - [Letra] es ese tipo: un entero chico que es su propio ordinal.
//   - [Alfabeto] da a cada letra su símbolo ("A", "Ñ", "CH") y lee y escribe
//     palabras: sin distinguir mayúsculas, con la "ñ" precompuesta o
//     descompuesta, tomando siempre el símbolo más largo. Su tamaño es el
//     DOM() del diseño. Hay tres predefinidos: [Espanol] (A–Z y Ñ),
//     [EspanolConDigrafos] (el de la FISE: sin K ni W, con CH, LL y RR
//     como letras; 28 en total) e [Ingles].
//   - [Multiconjunto] es multiconj(letra): la mano de un jugador o las letras
//     de una jugada, como cantidades por letra.
//   - [Conjunto] es un conjunto de letras como máscara de bits.
//
// Un alfabeto tiene a lo sumo [MaxLetras]−1 letras: el último valor es el
// [Comodin], la ficha en blanco de las reglas clásicas, que puede estar en
// una mano o en la bolsa pero no es letra de ningún alfabeto. Los errores se comparan
// con [errors.Is] contra [ErrFueraDeRango], [ErrCaracterDesconocido] y
// [ErrAlfabetoInvalido]; los de lectura son [*ErrorCaracter] y dicen qué
// carácter falló y dónde. El error de los lectores
// de la biblioteca cuando una entrada pasa uno de sus límites está en el
// paquete limite, debajo de este.
package letra
