// Package tad transcribe literalmente los axiomas de la especificación
// formal del juego (el TAD del curso; docs/reglas.md resume sus módulos)
// para usarlos como modelo en las pruebas: las pruebas de propiedades comparan la implementación con estas
// funciones.
//
// La transcripción es deliberadamente ingenua: conjuntos como slices sin
// repetidos donde dameUno es el primero y sinUno el resto, recursión donde el
// axioma recurre, y los mismos nombres. Es exponencial (partes,
// permutaciones): solo sirve para tableros y ocurrencias chicas. Donde la
// especificación tiene ambigüedades o erratas se sigue docs/reglas.md y se
// cita la regla (R1, R3…). Los comentarios nombran cada operación como el
// TAD.
package tad
