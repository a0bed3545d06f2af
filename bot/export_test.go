package bot

import "github.com/juegodepalabras/palabras/generador"

// HojasEspanol es el modelo lineal embebido para el español, para las
// pruebas de bot_test (fuera de ellas se pide con OpcionesExperto.Lineal).
func HojasEspanol() generador.Hojas { return hojasEspanol() }
