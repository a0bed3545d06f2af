package letra

// Letra es una letra del juego: el ordinal de una ficha dentro de un [Alfabeto].
//
// La especificación supone un tipo letra finito en biyección con {0, …, A-1}
// mediante ord y ord⁻¹. Aquí esa biyección es la identidad: una Letra es su
// propio ordinal, de modo que ord es [Letra.Ord] y ord⁻¹ es [Alfabeto.Letra],
// que además comprueba el rango. El valor cero es la primera letra de
// cualquier alfabeto.
//
// Una Letra sola no sabe cómo se escribe: para eso está [Alfabeto.Simbolo].
type Letra uint8

// MaxLetras es la cantidad de valores de [Letra] que caben en un
// [Multiconjunto] o un [Conjunto]: permite representar conjuntos de letras
// como máscaras de 64 bits. El último, [Comodin], está reservado para la
// ficha en blanco; un alfabeto tiene a lo sumo MaxLetras−1 letras, que
// alcanzan para todos los juegos de palabras conocidos (el español con
// dígrafos tiene 28).
const MaxLetras = 64

// Comodin es la ficha en blanco de las reglas clásicas, tal como está en la
// bolsa o en la mano: todavía no representa ninguna letra. No es una letra de
// ningún alfabeto ([Alfabeto.Contiene] es falso) y se escribe "?". Una vez en
// el tablero, un comodín representa una letra del alfabeto: ver
// ocurrencia.Ficha.
const Comodin Letra = MaxLetras - 1

// Ord devuelve el ordinal de l (ord en la especificación).
func (l Letra) Ord() int { return int(l) }
