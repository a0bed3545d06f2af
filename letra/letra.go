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

// MaxLetras es la cantidad máxima de letras de un alfabeto. Alcanza para todos
// los alfabetos de juegos de palabras conocidos (el español con dígrafos tiene
// 30) y permite representar conjuntos de letras como máscaras de 64 bits.
const MaxLetras = 64

// Ord devuelve el ordinal de l (ord en la especificación).
func (l Letra) Ord() int { return int(l) }
